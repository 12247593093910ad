import { asRecords, callCarrier, fetchPdf, requiredText, type CarrierConnection } from './carrier-http.ts';
import {
  CarrierError, decimalAmount, totalWeightGrams, trackingEventId, type Carrier, type CodRemittance, type TrackingStatus,
} from './carrier.ts';

export const LEOPARDS_LIVE_URL = 'https://merchantapi.leopardscourier.com/api';

export interface LeopardsOptions extends CarrierConnection {
  apiKey: string;
  apiPassword: string;
}

const LEOPARDS_STATUSES: [RegExp, TrackingStatus][] = [
  [/return/i, 'returned'],
  [/^delivered/i, 'delivered'],
  [/assigned to courier|out for delivery/i, 'out_for_delivery'],
  [/picked/i, 'picked_up'],
  [/booked|pickup request/i, 'booked'],
  [/dispatched|arrived|transit/i, 'in_transit'],
];

export function leopardsStatus(text: string): TrackingStatus {
  return LEOPARDS_STATUSES.find(([pattern]) => pattern.test(text))?.[1] ?? 'exception';
}

/**
 * Leopards' merchant API: every call is a POST of api_key and api_password with its fields, answered with status 1,
 * or status 0 and the error. Cities are named by Leopards' own ids (getAllCities).
 */
export function createLeopardsCarrier(options: LeopardsOptions): Carrier {
  const call = async (operation: string, fields: Record<string, unknown>) => {
    const answer = await callCarrier('leopards', options, `/${operation}/format/json/`, {
      method: 'POST', json: { api_key: options.apiKey, api_password: options.apiPassword, ...fields },
    });
    if (Number(answer.status) !== 1) throw new CarrierError('leopards', String(answer.error || `${operation} refused`));
    return answer;
  };
  let cities: Promise<Map<string, string>> | undefined;
  const cityId = async (name: string) => {
    cities ??= call('getAllCities', {}).then((answer) => new Map(asRecords(answer.city_list).map((city) => [String(city.name).toLowerCase(), String(city.id)])))
      .catch((error: unknown) => {
        cities = undefined;
        throw error;
      });
    const id = (await cities).get(name.toLowerCase());
    if (!id) throw new CarrierError('leopards', `Leopards does not deliver to ${name}`);
    return id;
  };

  return {
    id: 'leopards',
    // Leopards' tariff is the merchant's contract: the zone's rates apply.
    quote: async () => [],
    async book(shipment) {
      const answer = await call('bookPacket', {
        booked_packet_weight: totalWeightGrams(shipment.parcels),
        booked_packet_no_piece: shipment.parcels.length,
        booked_packet_collect_amount: shipment.codAmount ? decimalAmount(shipment.codAmount) : 0,
        booked_packet_order_id: shipment.reference,
        origin_city: 'self',
        destination_city: await cityId(shipment.consignee.city),
        shipment_name_eng: shipment.shipper.name,
        shipment_email: shipment.shipper.email,
        shipment_phone: shipment.shipper.phone,
        shipment_address: shipment.shipper.address,
        consignment_name_eng: shipment.consignee.name,
        consignment_email: shipment.consignee.email,
        consignment_phone: shipment.consignee.phone,
        consignment_address: shipment.consignee.address,
        special_instructions: shipment.contents,
      });
      const trackingNumber = requiredText('leopards', answer.track_number, 'track_number');
      return { trackingNumber, labelPdf: await fetchPdf('leopards', options, requiredText('leopards', answer.slip_link, 'slip_link')) };
    },
    async track(trackingNumber) {
      const answer = await call('trackBookedPacket', { track_numbers: trackingNumber });
      const packet = asRecords(answer.packet_list).find((one) => String(one.track_number) === trackingNumber);
      if (!packet) throw new CarrierError('leopards', `no packet ${trackingNumber}`);
      return asRecords(packet['Tracking Detail']).map((detail) => {
        const text = String(detail.Status ?? '');
        const status = leopardsStatus(text);
        const timestamp = new Date(String(detail.Activity_datetime)).toISOString();
        // Leopards' checkpoints name no station: the parcel is at its origin until dispatched.
        const location = String((status === 'booked' || status === 'picked_up' ? packet.origin_city_name : packet.destination_city_name) ?? '');
        const description = detail.Reason ? `${text}: ${String(detail.Reason)}` : text;
        return { id: trackingEventId('leopards', trackingNumber, text, timestamp), status, description, timestamp, location };
      });
    },
    async cancel(trackingNumber) {
      await call('cancelBookedPackets', { cn_numbers: trackingNumber });
      return { status: 'cancelled' };
    },
    async remittances(trackingNumbers): Promise<CodRemittance[]> {
      const answer = await call('getPaymentDetails', { cn_numbers: trackingNumbers.join(',') });
      return asRecords(answer.payment_list).map((payment) => {
        const paid = String(payment.payment_status).toLowerCase() === 'paid';
        return {
          trackingNumber: String(payment.booked_packet_cn),
          amount: { amountMinor: Math.round(Number(payment.booked_packet_collect_amount) * 100), currency: 'PKR' },
          status: paid ? 'paid' : 'pending',
          ...(paid ? { paymentReference: String(payment.invoice_cheque_no), paidOn: String(payment.invoice_cheque_date) } : {}),
        };
      });
    },
  };
}
