import { describe, expect, it } from 'vitest';
import { testShipment } from '../../test/carrier-fixtures.ts';
import { headerOf, jsonAnswer, pdfAnswer, recordingFetch } from '../../test/carrier-requests.ts';
import { CarrierError } from './carrier.ts';
import { createTcsCarrier, tcsStatus } from './tcs.ts';

const BASE = 'https://ociconnect.tcs.example/ecom/api';
const ok = { returnStatus: { status: 'SUCCESS', message: 'Operation Successful', code: '0200' } };

describe('the TCS adapter', () => {
  it('books with the COD API\'s fields and the access token as a bearer token, then fetches the airway bill', async () => {
    const { fetch, calls } = recordingFetch((url) =>
      url.pathname.endsWith('/print-label') ? pdfAnswer() : jsonAnswer({ ...ok, bookingReply: { result: '779412326902' } }));
    const tcs = createTcsCarrier({ apiKey: 'oci-token', costCenterCode: 'CC-77', baseUrl: BASE, fetch });

    const booking = await tcs.book(testShipment('tcs'));

    expect(booking.trackingNumber).toBe('779412326902');
    expect(calls[0].url.pathname).toBe('/ecom/api/cod/create-order');
    expect(calls[0].init.method).toBe('POST');
    expect(headerOf(calls[0].init, 'authorization')).toBe('Bearer oci-token');
    expect(calls[0].json).toEqual({
      costCenterCode: 'CC-77', consigneeName: 'Ayesha Khan', consigneeAddress: 'House 4, Street 9, DHA Phase 6', consigneeMobNo: '03001234567',
      consigneeEmail: 'ayesha@example.com', originCityName: 'Sialkot', destinationCityName: 'Karachi', weight: 1.65, pieces: 2, codAmount: '5400',
      customerReferenceNo: 'SHP-0001', services: 'O', productDetails: 'Surgical instruments', fragile: 'No', remarks: '', insuranceValue: '0',
    });
    expect(calls[1].url.pathname).toBe('/ecom/api/cod/print-label');
    expect(calls[1].url.searchParams.get('consignmentNumber')).toBe('779412326902');
  });

  it('reads a refusal in returnStatus as an error', async () => {
    const { fetch } = recordingFetch(() => jsonAnswer({ returnStatus: { status: 'FAIL', message: 'Invalid city', code: '0400' } }));
    const tcs = createTcsCarrier({ apiKey: 'oci-token', costCenterCode: 'CC-77', baseUrl: BASE, fetch });
    await expect(tcs.book(testShipment('tcs'))).rejects.toThrow(new CarrierError('tcs', 'Invalid city'));
  });

  it('maps TCS\'s checkpoint texts to statuses', () => {
    expect(['Booked', 'Picked Up', 'Arrived at TCS Facility', 'Out For Delivery', 'Delivered', 'Returned to shipper', 'Address closed'].map(tcsStatus))
      .toEqual(['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'returned', 'exception']);
  });
});
