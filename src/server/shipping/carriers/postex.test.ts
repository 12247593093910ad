import { describe, expect, it } from 'vitest';
import { testShipment } from '../../test/carrier-fixtures.ts';
import { headerOf, jsonAnswer, pdfAnswer, recordingFetch } from '../../test/carrier-requests.ts';
import { CarrierError } from './carrier.ts';
import { createPostexCarrier } from './postex.ts';

const BASE = 'https://api.postex.example/services/integration/api/order';

describe('the PostEx adapter', () => {
  it('creates the order with PostEx\'s fields and its token header, then fetches the airway bill', async () => {
    const { fetch, calls } = recordingFetch((url) => url.pathname.endsWith('/get-invoice')
      ? pdfAnswer()
      : jsonAnswer({ statusCode: '200', statusMessage: 'ORDER HAS BEEN CREATED', dist: { trackingNumber: 'CX90000001', orderStatus: 'Unbooked' } }));
    const postex = createPostexCarrier({ token: 'px-token', baseUrl: BASE, fetch });

    expect((await postex.book(testShipment('postex'))).trackingNumber).toBe('CX90000001');

    expect(calls[0].url.pathname).toBe('/services/integration/api/order/v3/create-order');
    expect(headerOf(calls[0].init, 'token')).toBe('px-token');
    expect(calls[0].json).toEqual({
      orderRefNumber: 'SHP-0001', invoicePayment: 5_400, orderDetail: 'Surgical instruments', customerName: 'Ayesha Khan', customerPhone: '03001234567',
      deliveryAddress: 'House 4, Street 9, DHA Phase 6', cityName: 'Karachi', invoiceDivision: 0, items: 2, orderType: 'Normal', transactionNotes: '',
    });
    expect(calls[1].url.pathname).toBe('/services/integration/api/order/v1/get-invoice');
    expect(calls[1].url.searchParams.get('trackingNumbers')).toBe('CX90000001');
    expect(headerOf(calls[1].init, 'token')).toBe('px-token');
  });

  it('reads the history of track-order by status code', async () => {
    const { fetch, calls } = recordingFetch(() => jsonAnswer({
      statusCode: '200', dist: {
        trackingNumber: 'CX1', cityName: 'Karachi', transactionStatusHistory: [
          { transactionStatusMessage: 'At Merchant\'s Warehouse', transactionStatusMessageCode: '0001', modifiedDatetime: '2026-11-20T09:00:00Z' },
          { transactionStatusMessage: 'Delivered', transactionStatusMessageCode: '0005', modifiedDatetime: '2026-11-22T15:30:00Z' },
        ],
      },
    }));
    const events = await createPostexCarrier({ token: 'px-token', baseUrl: BASE, fetch }).track('CX1');
    expect(calls[0].url.pathname).toBe('/services/integration/api/order/v1/track-order/CX1');
    expect(events.map(({ status, description, timestamp, location }) => ({ status, description, timestamp, location }))).toEqual([
      { status: 'booked', description: 'At Merchant\'s Warehouse', timestamp: '2026-11-20T09:00:00.000Z', location: 'Karachi' },
      { status: 'delivered', description: 'Delivered', timestamp: '2026-11-22T15:30:00.000Z', location: 'Karachi' },
    ]);
  });

  it('reads a statusCode other than 200 as a refusal', async () => {
    const { fetch } = recordingFetch(() => jsonAnswer({ statusCode: '400', statusMessage: 'Invalid city' }));
    await expect(createPostexCarrier({ token: 'px-token', baseUrl: BASE, fetch }).cancel('CX1')).rejects.toThrow(new CarrierError('postex', 'Invalid city'));
  });
});
