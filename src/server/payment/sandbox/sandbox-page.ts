import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../lib/mail-layout.ts';

const SUBMIT_SCRIPT = 'document.forms[0].submit();';
const scriptHash = `'sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}'`;

/**
 * A simulated gateway page: its own security policy instead of the storefront's, allowing the one script that posts
 * a form onward and forms posted to `formTargets` (the gateway itself, the shop's return URL).
 */
export function sendPage(reply: FastifyReply, status: number, title: string, body: string, formTargets: string[] = []): FastifyReply {
  const origins = [...new Set(formTargets.map((url) => new URL(url).origin))];
  return reply.status(status)
    .header('content-security-policy', [
      "default-src 'none'", "style-src 'unsafe-inline'", `script-src ${scriptHash}`, `form-action 'self' ${origins.join(' ')}`.trim(),
      "base-uri 'none'", "frame-ancestors 'none'",
    ].join('; '))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
fieldset{margin:1rem 0;padding:1rem;border:1px solid #d1d5db;border-radius:6px}label{display:block;margin:.5rem 0}
input{padding:.4rem;width:100%;box-sizing:border-box}button{padding:.5rem 1rem;margin:.5rem .5rem 0 0}
.note{font-size:.85rem;color:#6b7280}</style></head>
<body><p class="note">Sandbox: a simulation of the gateway, no money moves.</p>
<h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`);
}

export const hiddenInputs = (fields: Record<string, string>): string => Object.entries(fields)
  .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
  .join('\n');

/** The gateway's way back to the shop: a form of signed fields the page posts at once (a button without script). */
export function sendAutoPost(reply: FastifyReply, title: string, url: string, fields: Record<string, string>): FastifyReply {
  return sendPage(reply, 200, title, `<form method="post" action="${escapeHtml(url)}">
${hiddenInputs(fields)}
<button type="submit">Return to the shop</button>
</form>
<script>${SUBMIT_SCRIPT}</script>`, [url]);
}

export const paragraph = (text: string): string => `<p>${escapeHtml(text)}</p>`;

/** Form posts, as browsers send them, for the simulators' pages (the app parses JSON only). */
export function acceptForms(scope: FastifyInstance): void {
  if (scope.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** A number's paisa as the buyer reads them on a page: 'PKR 1,234.50'. */
export const rupees = (amountMinor: number): string =>
  `PKR ${(amountMinor / 100).toLocaleString('en-PK', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
