import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../lib/mail-layout.ts';
import { AUTO_POST_SCRIPT_SOURCE, autoPostForm } from '../auto-post-form.ts';

/**
 * What the simulated gateways' pages share: the page and its security policy, notices, the way back to the shop,
 * reading their forms. The pages stand in for the gateways' own (English-only) pages, so their texts are not the
 * shop's and are not translated.
 */

export interface PageOptions {
  /** Where the page's forms post besides the page's own origin (the shop's return URL). */
  formTargets?: string[];
  /** The page loads a script file the simulator serves (HBL Pay's, which reads the page's address). */
  ownScript?: boolean;
}

export interface GatewayPages {
  send(reply: FastifyReply, status: number, title: string, body: string, options?: PageOptions): FastifyReply;
  /** A page with one sentence on it: a refusal, a link that leads nowhere, the end of a payment. */
  notice(reply: FastifyReply, status: number, title: string, text: string): FastifyReply;
  /** The gateway's way back to the shop: a form of signed fields the page posts at once (a button without script). */
  autoPost(reply: FastifyReply, title: string, url: string, fields: Record<string, string>): FastifyReply;
}

export const paragraph = (text: string): string => `<p>${escapeHtml(text)}</p>`;

/**
 * One simulated gateway's pages, each under its own security policy instead of the storefront's: no script but the
 * auto-post form's (and the simulator's own file where asked), forms posted only to the page's origin and its targets.
 */
export function gatewayPages(gateway: string): GatewayPages {
  function send(reply: FastifyReply, status: number, title: string, body: string, options: PageOptions = {}): FastifyReply {
    const origins = [...new Set((options.formTargets ?? []).map((url) => new URL(url).origin))];
    const scripts = [...(options.ownScript ? ["'self'"] : []), AUTO_POST_SCRIPT_SOURCE];
    return reply.status(status)
      .header('content-security-policy', [
        "default-src 'none'", "style-src 'unsafe-inline'", 'img-src data:', `script-src ${scripts.join(' ')}`,
        `form-action 'self' ${origins.join(' ')}`.trim(), "base-uri 'none'", "frame-ancestors 'none'",
      ].join('; '))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(`${title} · ${gateway} sandbox`)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
fieldset{margin:1rem 0;padding:1rem;border:1px solid #d1d5db;border-radius:6px}label{display:block;margin:.5rem 0}
input{padding:.4rem;width:100%;box-sizing:border-box}button{padding:.5rem 1rem;margin:.5rem .5rem 0 0}
.note{font-size:.85rem;color:#6b7280}.error{color:#b91c1c;font-size:.9rem}.notice{background:#fef2f2;padding:.75rem;border-radius:.25rem}</style></head>
<body><p class="note">${escapeHtml(gateway)} sandbox: a simulation of the gateway, no real money moves.</p>
<h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`);
  }

  return {
    send,
    notice: (reply, status, title, text) => send(reply, status, title, paragraph(text)),
    autoPost: (reply, title, url, fields) => send(reply, 200, title, autoPostForm(url, fields, 'Return to the shop'), { formTargets: [url] }),
  };
}

/** Form posts, as browsers send them, for the simulators' pages (the app parses JSON only). */
export function acceptForms(scope: FastifyInstance): void {
  if (scope.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** An http(s) address, as a merchant's return, cancel or notification URL must be. */
export const isWebAddress = (value: string | undefined): value is string => {
  try {
    return value !== undefined && ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** A number's paisa as the buyer reads them on a page: 'PKR 1,234.50'. */
export const rupees = (amountMinor: number): string =>
  `PKR ${(amountMinor / 100).toLocaleString('en-PK', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
