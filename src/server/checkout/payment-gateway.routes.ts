import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_IDS, InvalidSignatureError, type GatewayId, type GatewayMessage, type PaymentGateway, type PaymentReport, type RedirectAction } from '../payment/gateways/gateway.ts';
import { AUTO_POST_SCRIPT_SOURCE, autoPostForm } from '../payment/auto-post-form.ts';
import { applyPaymentReport } from './apply-payment-report.ts';
import type { PaymentDeps } from './payment-deps.ts';

interface GatewayParams {
  gateway: string;
}

/** The message as the gateway sent it: the raw body kept for signatures computed over it (Safepay's webhooks). */
function messageOf(request: FastifyRequest): GatewayMessage {
  const rawBody = typeof request.body === 'string' ? request.body : '';
  const json = String(request.headers['content-type'] ?? '').startsWith('application/json');
  let body: unknown = {};
  try {
    body = json ? JSON.parse(rawBody || '{}') : Object.fromEntries(new URLSearchParams(rawBody));
  } catch {
    body = {};
  }
  return {
    method: request.method,
    query: request.query as Record<string, string>,
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, value === undefined ? undefined : [value].flat().join(', ')])),
    body,
    rawBody,
  };
}

/** The browser's way on to the gateway: a form of the gateway's fields posted at once (a button without script). */
function sendOnward(reply: FastifyReply, action: RedirectAction): FastifyReply {
  if (action.method === 'GET') {
    const url = new URL(action.url);
    for (const [name, value] of Object.entries(action.fields)) url.searchParams.set(name, value);
    return reply.redirect(url.href, 303);
  }
  return reply.header('content-security-policy', [
    "default-src 'none'", `script-src ${AUTO_POST_SCRIPT_SOURCE}`, `form-action ${new URL(action.url).origin}`, "base-uri 'none'", "frame-ancestors 'none'",
  ].join('; '))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html><head><meta charset="utf-8"><title>Payment</title></head><body>
${autoPostForm(action.url, action.fields, 'Continue to the payment')}</body></html>`);
}

/**
 * The gateways' side of a payment: the buyer's return from a hosted page (GET or a posted form) at
 * /api/payment/return/{gateway}, verified and applied, then on to the result page; and the gateways' notifications
 * at /api/payment/notify/{gateway} (posted; Easypay's IPN is a GET), answered 2xx in the body each gateway expects only once applied.
 */
export async function registerPaymentGatewayRoutes(
  app: FastifyInstance, deps: PaymentDeps & { gateways: Partial<Record<GatewayId, PaymentGateway>> },
): Promise<void> {
  const gatewayOf = (name: string) => (GATEWAY_IDS as readonly string[]).includes(name) ? deps.gateways[name as GatewayId] : undefined;

  await app.register(async (scope) => {
    const keepRaw = (_request: unknown, body: string | Buffer, done: (error: Error | null, value: unknown) => void) => done(null, String(body));
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, keepRaw);
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, keepRaw);

    const back = async (request: FastifyRequest<{ Params: GatewayParams }>, reply: FastifyReply) => {
      const gateway = gatewayOf(request.params.gateway);
      if (!gateway) return reply.status(404).send({ detail: 'Not found.' });
      const message = messageOf(request);
      const onward = gateway.returnAction?.(message, `${deps.publicUrl}/api/payment/return/${gateway.id}`);
      if (onward) return sendOnward(reply, onward);
      let report: PaymentReport;
      try {
        report = gateway.readReturn(message);
      } catch (error) {
        if (!(error instanceof InvalidSignatureError)) throw error;
        request.log.warn({ err: error, gateway: gateway.id }, 'payment return refused');
        return reply.redirect('/payment/result?status=unverified', 303);
      }
      // A return that cannot tell the outcome (Easypay's is unsigned) is settled by the gateway's inquiry, so the
      // buyer learns it now: Easypay notifies no decline at all.
      if (report.outcome === 'pending' && gateway.inquiry !== false) {
        const asked = await gateway.status(report.reference).catch((error: unknown) => {
          request.log.warn({ err: error, gateway: gateway.id, reference: report.reference }, 'payment inquiry after the return failed');
          return null;
        });
        if (asked && asked.outcome !== 'unknown') report = asked;
      }
      // Not applied now (the database away): the gateway's notification or the inquiry applies it later.
      const applied = await applyPaymentReport({ ...deps, log: request.log }, gateway.id, report).catch((error: unknown) => {
        request.log.error({ err: error, gateway: gateway.id, reference: report.reference }, 'payment return not applied');
        return 'not applied' as const;
      });
      const status = applied === 'refused' ? 'unverified' : report.outcome === 'succeeded' ? 'success' : report.outcome;
      return reply.redirect(`/payment/result?${new URLSearchParams({ transaction_id: report.reference, status })}`, 303);
    };
    scope.get<{ Params: GatewayParams }>('/api/payment/return/:gateway', back);
    scope.post<{ Params: GatewayParams }>('/api/payment/return/:gateway', back);

    const notified = async (request: FastifyRequest<{ Params: GatewayParams }>, reply: FastifyReply) => {
      const gateway = gatewayOf(request.params.gateway);
      // Only a notification that names where its content is (Easypay's IPN) comes as a GET.
      if (!gateway || (request.method === 'GET' && !gateway.fetchNotification)) return reply.status(404).send({ detail: 'Not found.' });
      let applied = false;
      try {
        const sent = messageOf(request);
        const message = gateway.fetchNotification ? await gateway.fetchNotification(sent) : sent;
        applied = await applyPaymentReport({ ...deps, log: request.log }, gateway.id, gateway.readNotification(message)) === 'applied';
      } catch (error) {
        const refused = error instanceof InvalidSignatureError;
        request.log[refused ? 'warn' : 'error']({ err: error, gateway: gateway.id }, refused ? 'payment notification refused' : 'payment notification not applied');
        if (refused) {
          const answer = gateway.acknowledge(false);
          return reply.status(400).type(answer.contentType).send(answer.body);
        }
      }
      const answer = gateway.acknowledge(applied);
      return reply.status(applied ? answer.status : Math.max(answer.status, 400)).type(answer.contentType).send(answer.body);
    };
    scope.get<{ Params: GatewayParams }>('/api/payment/notify/:gateway', notified);
    scope.post<{ Params: GatewayParams }>('/api/payment/notify/:gateway', notified);
  });
}
