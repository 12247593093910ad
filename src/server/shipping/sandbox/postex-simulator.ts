import type { FastifyInstance } from 'fastify';
import { sandboxConsignments, type SandboxStage } from './sandbox-consignments.ts';
import { renderSandboxLabel } from './sandbox-label.ts';
import { missingFields, registerAdvanceControl } from './sandbox-kit.ts';

export const POSTEX_SIMULATOR_PREFIX = '/sandbox/postex';

const STATUS: Record<SandboxStage, { code: string; message: string }> = {
  booked: { code: '0001', message: 'At Merchant\'s Warehouse' },
  picked_up: { code: '0003', message: 'At PostEx Warehouse' },
  in_transit: { code: '0004', message: 'Package on Route' },
  out_for_delivery: { code: '0031', message: 'Out for Delivery' },
  delivered: { code: '0005', message: 'Delivered' },
};

const REQUIRED = ['orderRefNumber', 'invoicePayment', 'customerName', 'customerPhone', 'deliveryAddress', 'cityName', 'items', 'orderType'] as const;
type PostexOrder = Record<(typeof REQUIRED)[number] | 'orderDetail', string>;

export interface PostexSimulatorOptions {
  token: string;
  stageMs?: number;
}

const refusal = (statusCode: string, statusMessage: string) => ({ statusCode, statusMessage });

/** PostEx's order API, as its staging server would answer it. */
export async function registerPostexSimulator(app: FastifyInstance, options: PostexSimulatorOptions): Promise<void> {
  const consignments = sandboxConsignments<PostexOrder>({ trackingNumber: (n) => `CX${String(90_000_000 + n)}`, stageMs: options.stageMs });
  await app.register(async (postex) => {
    postex.addHook('onRequest', async (request, reply) => {
      if (request.url.includes('/consignments/')) return;
      if (request.headers.token !== options.token) await reply.code(401).send(refusal('401', 'Invalid token'));
    });
    registerAdvanceControl(postex, consignments);
    postex.post('/v3/create-order', async (request, reply) => {
      const missing = missingFields(request.body, REQUIRED);
      if (missing.length > 0) return reply.code(400).send(refusal('400', missing.map((field) => `${field} is required`).join(', ')));
      const consignment = consignments.book(request.body as PostexOrder);
      return {
        statusCode: '200', statusMessage: 'ORDER HAS BEEN CREATED',
        dist: { trackingNumber: consignment.trackingNumber, orderStatus: 'Unbooked', orderDate: consignment.checkpoints[0].at.toISOString() },
      };
    });
    postex.get<{ Querystring: { trackingNumbers?: string } }>('/v1/get-invoice', async (request, reply) => {
      const consignment = consignments.find(request.query.trackingNumbers ?? '');
      if (!consignment) return reply.code(404).send(refusal('404', 'Order not found'));
      const order = consignment.booked;
      return reply.type('application/pdf').send(await renderSandboxLabel({
        carrier: 'PostEx', trackingNumber: consignment.trackingNumber, reference: order.orderRefNumber, weightGrams: 500,
        from: 'Merchant\'s pickup address', to: `${order.customerName}\n${order.deliveryAddress}\n${order.cityName}`,
        cod: Number(order.invoicePayment) > 0 ? `PKR ${order.invoicePayment}` : undefined,
      }));
    });
    postex.get<{ Params: { trackingNumber: string } }>('/v1/track-order/:trackingNumber', async (request, reply) => {
      const consignment = consignments.find(request.params.trackingNumber);
      if (!consignment) return reply.code(404).send(refusal('404', 'Order not found'));
      const latest = consignment.checkpoints[consignment.checkpoints.length - 1];
      return {
        statusCode: '200', statusMessage: 'SUCCESSFULLY OPERATED',
        dist: {
          trackingNumber: consignment.trackingNumber, orderRefNumber: consignment.booked.orderRefNumber, customerName: consignment.booked.customerName,
          cityName: consignment.booked.cityName, transactionStatus: STATUS[latest.stage].message,
          transactionStatusHistory: consignment.checkpoints.map(({ stage, at }) => ({
            transactionStatusMessage: STATUS[stage].message, transactionStatusMessageCode: STATUS[stage].code, modifiedDatetime: at.toISOString(),
          })),
        },
      };
    });
    postex.put<{ Body: { trackingNumber?: string } }>('/v1/cancel-order', async (request, reply) => {
      const consignment = consignments.find(request.body?.trackingNumber ?? '');
      if (!consignment) return reply.code(404).send(refusal('404', 'Order not found'));
      if (consignment.checkpoints.length > 1) return reply.code(400).send(refusal('400', 'Order cannot be cancelled once picked up'));
      consignment.cancelled = true;
      return { statusCode: '200', statusMessage: 'ORDER CANCELLED' };
    });
  }, { prefix: POSTEX_SIMULATOR_PREFIX });
}
