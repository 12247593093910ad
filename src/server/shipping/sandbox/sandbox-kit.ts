import type { FastifyInstance } from 'fastify';
import type { SandboxConsignments } from './sandbox-consignments.ts';

/**
 * The sandbox's own control, which no carrier has: POST {prefix}/consignments/{trackingNumber}/advance moves the
 * parcel to its next stage now, so a demo or a test need not wait for it.
 */
export function registerAdvanceControl<Booked>(scope: FastifyInstance, consignments: SandboxConsignments<Booked>): void {
  scope.post<{ Params: { trackingNumber: string } }>('/consignments/:trackingNumber/advance', async (request, reply) => {
    const consignment = consignments.advance(request.params.trackingNumber);
    if (!consignment) return reply.code(404).send({ error: 'no such consignment' });
    return { trackingNumber: consignment.trackingNumber, stage: consignment.checkpoints[consignment.checkpoints.length - 1].stage };
  });
}

/** The names of the fields a request left out or empty. */
export function missingFields(body: unknown, names: readonly string[]): string[] {
  const record = typeof body === 'object' && body !== null ? body as Record<string, unknown> : {};
  return names.filter((name) => record[name] === undefined || record[name] === null || record[name] === '');
}

/** Where each stage of a sandbox parcel happens: the sender's city until it leaves, the receiver's after. */
export const stageLocation = (stage: string, origin: string, destination: string): string =>
  stage === 'booked' || stage === 'picked_up' ? origin : destination;
