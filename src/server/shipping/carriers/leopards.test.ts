import { describe, expect, it } from 'vitest';
import { testShipment } from '../../test/carrier-fixtures.ts';
import { jsonAnswer, pdfAnswer, recordingFetch } from '../../test/carrier-requests.ts';
import { CarrierError } from './carrier.ts';
import { createLeopardsCarrier, leopardsStatus } from './leopards.ts';

const BASE = 'https://merchantapi.leopards.example/api';
const credentials = { api_key: 'LP-KEY', api_password: 'LP-PASS' };

function leopards(answer: (url: URL) => Response) {
  const recorded = recordingFetch(answer);
  return { ...recorded, carrier: createLeopardsCarrier({ apiKey: 'LP-KEY', apiPassword: 'LP-PASS', baseUrl: BASE, fetch: recorded.fetch }) };
}

describe('the Leopards adapter', () => {
  it('books a packet with the merchant API\'s fields, the destination as Leopards\' city id, and prints its slip', async () => {
    const { carrier, calls } = leopards((url) => {
      if (url.pathname.endsWith('/getAllCities/format/json/')) return jsonAnswer({ status: 1, error: 0, city_list: [{ id: 789, name: 'Karachi' }] });
      if (url.pathname.endsWith('/bookPacket/format/json/')) return jsonAnswer({ status: 1, error: 0, track_number: 'KI7512345', slip_link: 'https://slips.example/KI7512345' });
      return pdfAnswer();
    });

    expect((await carrier.book(testShipment('leopards'))).trackingNumber).toBe('KI7512345');

    expect(calls.map((call) => `${call.init.method ?? 'GET'} ${call.url.href}`)).toEqual([
      `POST ${BASE}/getAllCities/format/json/`, `POST ${BASE}/bookPacket/format/json/`, 'GET https://slips.example/KI7512345',
    ]);
    expect(calls[0].json).toEqual(credentials);
    expect(calls[1].json).toEqual({
      ...credentials, booked_packet_weight: 1_650, booked_packet_no_piece: 2, booked_packet_collect_amount: 5_400, booked_packet_order_id: 'SHP-0001',
      origin_city: 'self', destination_city: '789', shipment_name_eng: 'Sialkot Surgical', shipment_email: 'dispatch@sialkotsurgical.example',
      shipment_phone: '+92523550011', shipment_address: 'Plot 12, Small Industrial Estate', consignment_name_eng: 'Ayesha Khan',
      consignment_email: 'ayesha@example.com', consignment_phone: '03001234567', consignment_address: 'House 4, Street 9, DHA Phase 6',
      special_instructions: 'Surgical instruments',
    });
  });

  it('asks getPaymentDetails for the COD remittance of several consignments at once', async () => {
    const { carrier, calls } = leopards(() => jsonAnswer({
      status: 1, error: 0, payment_list: [
        { booked_packet_cn: 'KI1', booked_packet_collect_amount: '5400', payment_status: 'Paid', invoice_cheque_no: 'CHQ-1', invoice_cheque_date: '2026-11-20' },
        { booked_packet_cn: 'KI2', booked_packet_collect_amount: '1200', payment_status: 'Pending', invoice_cheque_no: '', invoice_cheque_date: '' },
      ],
    }));
    expect(await carrier.remittances!(['KI1', 'KI2'])).toEqual([
      { trackingNumber: 'KI1', amount: { amountMinor: 540_000, currency: 'PKR' }, status: 'paid', paymentReference: 'CHQ-1', paidOn: '2026-11-20' },
      { trackingNumber: 'KI2', amount: { amountMinor: 120_000, currency: 'PKR' }, status: 'pending' },
    ]);
    expect(calls[0].url.pathname).toBe('/api/getPaymentDetails/format/json/');
    expect(calls[0].json).toEqual({ ...credentials, cn_numbers: 'KI1,KI2' });
  });

  it('reads status 0 as a refusal', async () => {
    const { carrier } = leopards(() => jsonAnswer({ status: 0, error: 'Invalid API Key or Password' }));
    await expect(carrier.track('KI1')).rejects.toThrow(new CarrierError('leopards', 'Invalid API Key or Password'));
  });

  it('maps Leopards\' status texts', () => {
    expect(['Consignment Booked', 'Shipment Picked', 'Dispatched', 'Assigned to Courier', 'Delivered', 'Returned to shipper', 'Refused'].map(leopardsStatus))
      .toEqual(['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'returned', 'exception']);
  });
});
