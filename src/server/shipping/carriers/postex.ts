import { asRecord, asRecords, callCarrier, fetchPdf, requiredText, type CarrierConnection } from './carrier-http.ts';
import { CarrierError, decimalAmount, trackingEventId, type Carrier, type TrackingStatus } from './carrier.ts';

export const POSTEX_LIVE_URL = 'https://api.postex.pk/services/integration/api/order';

export interface PostexOptions extends CarrierConnection {
  /** The merchant's API token, sent in PostEx's `token` header. */
  token: string;
}

/** PostEx's transaction status codes (COD API guide). */
export const POSTEX_STATUS_CODES: Record<string, TrackingStatus> = {
  '0001': 'booked', // At Merchant's Warehouse
  '0003': 'picked_up', // At PostEx Warehouse
  '0004': 'in_transit', // Package on Route
  '0031': 'out_for_delivery', // Out for Delivery
  '0005': 'delivered',
  '0002': 'returned',
  '0006': 'returned',
  '0007': 'returned',
};

/** PostEx's order API: create-order, the airway bill (get-invoice), track-order and cancel-order, with the `token` header. */
export function createPostexCarrier(options: PostexOptions): Carrier {
  const headers = { token: options.token };
  const call = async (path: string, method: 'GET' | 'POST' | 'PUT', json?: unknown) => {
    const answer = await callCarrier('postex', options, path, { method, headers, json });
    if (String(answer.statusCode) !== '200') throw new CarrierError('postex', String(answer.statusMessage ?? 'request refused'));
    return asRecord(answer.dist);
  };

  return {
    id: 'postex',
    // PostEx publishes no rating API: the zone's rates apply.
    quote: async () => [],
    async book(shipment) {
      const order = await call('/v3/create-order', 'POST', {
        orderRefNumber: shipment.reference,
        invoicePayment: shipment.codAmount ? decimalAmount(shipment.codAmount) : 0,
        orderDetail: shipment.contents,
        customerName: shipment.consignee.name,
        customerPhone: shipment.consignee.phone,
        deliveryAddress: shipment.consignee.address,
        cityName: shipment.consignee.city,
        invoiceDivision: 0,
        items: shipment.parcels.length,
        orderType: 'Normal',
        transactionNotes: '',
      });
      const trackingNumber = requiredText('postex', order.trackingNumber, 'trackingNumber');
      const labelPdf = await fetchPdf('postex', options, `${options.baseUrl}/v1/get-invoice?trackingNumbers=${encodeURIComponent(trackingNumber)}`, headers);
      return { trackingNumber, labelPdf };
    },
    async track(trackingNumber) {
      const order = await call(`/v1/track-order/${encodeURIComponent(trackingNumber)}`, 'GET');
      // PostEx's history names no station: the order's city stands for it.
      const location = String(order.cityName ?? '');
      return asRecords(order.transactionStatusHistory).map((entry) => {
        const code = String(entry.transactionStatusMessageCode ?? '');
        const timestamp = new Date(String(entry.modifiedDatetime)).toISOString();
        return {
          id: trackingEventId('postex', trackingNumber, code, timestamp),
          status: POSTEX_STATUS_CODES[code] ?? 'exception',
          description: String(entry.transactionStatusMessage ?? ''),
          timestamp,
          location,
        };
      });
    },
    async cancel(trackingNumber) {
      await call('/v1/cancel-order', 'PUT', { trackingNumber });
      return { status: 'cancelled' };
    },
  };
}
