import type { FastifyInstance } from 'fastify';
import { sandboxConsignments, type SandboxStage } from './sandbox-consignments.ts';
import { renderSandboxLabel } from './sandbox-label.ts';
import { missingFields, registerAdvanceControl, stageLocation } from './sandbox-kit.ts';

export const TCS_SIMULATOR_PREFIX = '/sandbox/tcs';

const CHECKPOINT_TEXT: Record<SandboxStage, string> = {
  booked: 'Booked', picked_up: 'Picked Up', in_transit: 'Arrived at TCS Facility', out_for_delivery: 'Out For Delivery', delivered: 'Delivered',
};

const REQUIRED = [
  'costCenterCode', 'consigneeName', 'consigneeAddress', 'consigneeMobNo', 'originCityName', 'destinationCityName', 'weight', 'pieces',
  'codAmount', 'customerReferenceNo', 'services', 'productDetails',
] as const;

type TcsOrder = Record<(typeof REQUIRED)[number], string>;

export interface TcsSimulatorOptions {
  apiKey: string;
  stageMs?: number;
}

const status = (ok: boolean, message: string) => ({ returnStatus: { status: ok ? 'SUCCESS' : 'FAIL', message, code: ok ? '0200' : '0400' } });

/** TCS's OCI Connect e-commerce API, as its sandbox would answer it. */
export async function registerTcsSimulator(app: FastifyInstance, options: TcsSimulatorOptions): Promise<void> {
  const consignments = sandboxConsignments<TcsOrder>({ trackingNumber: (n) => `77${String(41_000_000 + n).padStart(10, '0')}`, stageMs: options.stageMs });
  await app.register(async (tcs) => {
    tcs.addHook('onRequest', async (request, reply) => {
      if (request.url.includes('/consignments/')) return;
      if (request.headers.authorization !== `Bearer ${options.apiKey}`) await reply.code(401).send(status(false, 'Invalid access token'));
    });
    registerAdvanceControl(tcs, consignments);
    tcs.post('/cod/create-order', async (request, reply) => {
      const missing = missingFields(request.body, REQUIRED);
      if (missing.length > 0) return reply.code(400).send(status(false, missing.map((field) => `${field} is required`).join('; ')));
      const consignment = consignments.book(request.body as TcsOrder);
      return { ...status(true, 'Operation Successful'), bookingReply: { result: consignment.trackingNumber } };
    });
    tcs.get<{ Querystring: { consignmentNumber?: string } }>('/cod/print-label', async (request, reply) => {
      const consignment = consignments.find(request.query.consignmentNumber ?? '');
      if (!consignment) return reply.code(404).send(status(false, 'Consignment not found'));
      const order = consignment.booked;
      const pdf = await renderSandboxLabel({
        carrier: 'TCS', trackingNumber: consignment.trackingNumber, reference: order.customerReferenceNo, weightGrams: Number(order.weight) * 1000,
        from: order.originCityName, to: `${order.consigneeName}\n${order.consigneeAddress}\n${order.destinationCityName}`,
        cod: Number(order.codAmount) > 0 ? `PKR ${order.codAmount}` : undefined,
      });
      return reply.type('application/pdf').send(pdf);
    });
    tcs.get<{ Querystring: { consignmentNo?: string } }>('/track/v1/shipments/detail', async (request, reply) => {
      const consignment = consignments.find(request.query.consignmentNo ?? '');
      if (!consignment) return reply.code(404).send(status(false, 'Consignment not found'));
      const { originCityName, destinationCityName } = consignment.booked;
      return {
        ...status(true, 'Operation Successful'),
        TrackDetailReply: {
          Checkpoints: consignment.checkpoints.map(({ stage, at }) => ({
            dateTime: at.toISOString(), recievedBy: stageLocation(stage, originCityName, destinationCityName).toUpperCase(), status: CHECKPOINT_TEXT[stage],
          })),
        },
      };
    });
    tcs.put<{ Body: { consignmentNumber?: string } }>('/cod/cancel-order', async (request, reply) => {
      const consignment = consignments.find(request.body?.consignmentNumber ?? '');
      if (!consignment) return reply.code(404).send(status(false, 'Consignment not found'));
      if (consignment.checkpoints.length > 1) return reply.code(409).send(status(false, 'Consignment already picked up'));
      consignment.cancelled = true;
      return status(true, 'Consignment cancelled');
    });
  }, { prefix: TCS_SIMULATOR_PREFIX });
}
