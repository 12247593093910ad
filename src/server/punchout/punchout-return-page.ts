import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PUNCHOUT_PER_IP } from '../auth/rate-limits.ts';
import { scriptHash } from '../lib/script-hash.ts';
import { escapeXml } from './cxml-document.ts';
import type { Transfer } from './punchout-transfer.ts';

const SUBMIT = 'document.forms[0].submit();';
/** How long a signed transfer may wait before the browser posts it on. */
const VALID_MS = 10 * 60_000;

const mac = (secret: string, payload: string) => createHmac('sha256', `punchout-return:${secret}`).update(payload).digest('base64url');

/** The transfer, signed by the shop, for the browser to hand to /punchout/return. */
export function signTransfer(secret: string, transfer: Transfer, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...transfer, at: now })).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

function verifiedTransfer(secret: string, signed: string, now = Date.now()): Transfer | null {
  const [payload = '', signature = ''] = signed.split('.');
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const { at, ...transfer } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Transfer & { at: number };
  return now - at <= VALID_MS ? transfer : null;
}

/**
 * POST /punchout/return: the page that posts the cart on to the procurement system. The storefront's own pages may
 * post forms only to the shop (form-action 'self'); this page, whose content is the shop's signed transfer and
 * nothing else, may post to that one address, and does at once (a button stands in without scripts).
 */
export async function registerReturnPage(app: FastifyInstance, jwtSecret: string): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 },
      (_request, body, done) => done(null, String(body)));
    scope.post('/punchout/return', { config: { rateLimit: PUNCHOUT_PER_IP } }, async (request, reply) => {
      const signed = new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('transfer') ?? '';
      const transfer = verifiedTransfer(jwtSecret, signed);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!transfer) {
        return reply.status(400).send('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Transfer expired</title></head>'
          + '<body><main><h1>Transfer expired</h1><p>Start again from your procurement system.</p></main></body></html>');
      }
      const origin = new URL(transfer.url).origin;
      reply.header('content-security-policy',
        `default-src 'none'; script-src ${scriptHash(SUBMIT)}; style-src 'unsafe-inline'; form-action ${origin}; frame-ancestors 'none'; base-uri 'none'`);
      const inputs = transfer.fields.map(([name, value]) => `<input type="hidden" name="${escapeXml(name)}" value="${escapeXml(value)}">`).join('');
      const target = transfer.target ? ` target="${escapeXml(transfer.target)}"` : '';
      return reply.send('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        + '<title>Returning your cart</title></head><body style="font-family:system-ui,sans-serif;padding:2rem">'
        + `<form method="post" action="${escapeXml(transfer.url)}"${target}>${inputs}`
        + '<p>Returning your cart to your procurement system…</p><button type="submit">Continue</button></form>'
        + `<script>${SUBMIT}</script></body></html>`);
    });
  });
}
