import { callCarrier, fetchPdf, requiredText, asRecord, asRecords, type CarrierConnection } from './carrier-http.ts';
import {
  CarrierError, decimalAmount, totalWeightGrams, trackingEventId, type Carrier, type TrackingStatus,
} from './carrier.ts';

export const TCS_LIVE_URL = 'https://ociconnect.tcscourier.com/ecom/api';

export interface TcsOptions extends CarrierConnection {
  /** The OCI Connect access token, sent as a bearer token. */
  apiKey: string;
  /** The merchant's cost centre (pickup account) at TCS. */
  costCenterCode: string;
}

/** TCS prints checkpoint statuses as text; these are the words its tracking answers use. */
const TCS_STATUSES: [RegExp, TrackingStatus][] = [
  [/deliver(ed)? to|^delivered/i, 'delivered'],
  [/out for delivery/i, 'out_for_delivery'],
  [/return/i, 'returned'],
  [/picked|pick up|pickup/i, 'picked_up'],
  [/booked/i, 'booked'],
  [/arrived|departed|transit|dispatched/i, 'in_transit'],
];

export function tcsStatus(text: string): TrackingStatus {
  return TCS_STATUSES.find(([pattern]) => pattern.test(text))?.[1] ?? 'exception';
}

/** TCS's e-commerce (OCI Connect) API: COD booking, the airway bill as a PDF, tracking and cancellation. */
export function createTcsCarrier(options: TcsOptions): Carrier {
  const headers = { authorization: `Bearer ${options.apiKey}` };
  const call = async (path: string, method: 'GET' | 'POST' | 'PUT', json?: unknown) => {
    const answer = await callCarrier('tcs', options, path, { method, headers, json });
    const status = asRecord(answer.returnStatus);
    if (status.status !== 'SUCCESS') throw new CarrierError('tcs', String(status.message ?? 'request refused'));
    return answer;
  };

  return {
    id: 'tcs',
    // TCS publishes no rating API: the zone's rates apply.
    quote: async () => [],
    async book(shipment) {
      const answer = await call('/cod/create-order', 'POST', {
        costCenterCode: options.costCenterCode,
        consigneeName: shipment.consignee.name,
        consigneeAddress: shipment.consignee.address,
        consigneeMobNo: shipment.consignee.phone,
        consigneeEmail: shipment.consignee.email,
        originCityName: shipment.shipper.city,
        destinationCityName: shipment.consignee.city,
        weight: totalWeightGrams(shipment.parcels) / 1000,
        pieces: shipment.parcels.length,
        codAmount: shipment.codAmount ? String(decimalAmount(shipment.codAmount)) : '0',
        customerReferenceNo: shipment.reference,
        services: shipment.service ?? 'O',
        productDetails: shipment.contents,
        fragile: 'No',
        remarks: '',
        insuranceValue: '0',
      });
      const trackingNumber = requiredText('tcs', asRecord(answer.bookingReply).result, 'consignment number');
      const labelPdf = await fetchPdf('tcs', options, `${options.baseUrl}/cod/print-label?consignmentNumber=${encodeURIComponent(trackingNumber)}`, headers);
      return { trackingNumber, labelPdf };
    },
    async track(trackingNumber) {
      const answer = await call(`/track/v1/shipments/detail?consignmentNo=${encodeURIComponent(trackingNumber)}`, 'GET');
      return asRecords(asRecord(answer.TrackDetailReply).Checkpoints).map((checkpoint) => {
        const status = String(checkpoint.status ?? '');
        const timestamp = new Date(String(checkpoint.dateTime)).toISOString();
        const location = String(checkpoint.recievedBy ?? '');
        return { id: trackingEventId('tcs', trackingNumber, status, timestamp, location), status: tcsStatus(status), description: status, timestamp, location };
      });
    },
    async cancel(trackingNumber) {
      await call('/cod/cancel-order', 'PUT', { consignmentNumber: trackingNumber });
      return { status: 'cancelled' };
    },
  };
}
