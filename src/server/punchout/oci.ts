import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUNCHOUT_PER_IP } from '../auth/rate-limits.ts';
import type { Db } from '../db/client.ts';
import { punchoutIdentities } from '../db/schema/punchout.ts';
import { secretMatches, type PunchoutIdentity } from './cxml-credentials.ts';
import { escapeXml } from './cxml-document.ts';
import { BuyerRefused, isEmail, organisationOwner, punchoutBuyer } from './punchout-buyer.ts';
import { isReturnUrl, openPunchout } from './punchout-session.service.ts';

/** A plain page for the person whose procurement system sent them here: what went wrong, in a sentence. */
function page(reply: FastifyReply, status: number, title: string, message: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${escapeXml(title)}</title></head><body><main><h1>${escapeXml(title)}</h1><p>${escapeXml(message)}</p></main></body></html>`,
  );
}

/** USERNAME is the identity's from_identity (whatever its domain), PASSWORD its shared secret. */
async function identityOf(db: Db, username: string, password: string): Promise<PunchoutIdentity | null> {
  if (!username || !password) return null;
  const rows = await db.select().from(punchoutIdentities)
    .where(eq(sql`lower(${punchoutIdentities.fromIdentity})`, username.toLowerCase()));
  for (const row of rows) if (await secretMatches(row, password)) return row;
  return null;
}

const paramsOf = (request: FastifyRequest): URLSearchParams => {
  if (typeof request.body === 'string') return new URLSearchParams(request.body);
  return new URLSearchParams(request.query as Record<string, string>);
};

/**
 * SAP OCI 4.0: GET or POST /punchout/oci with USERNAME, PASSWORD and HOOK_URL (and ~TARGET, ~OkCode, ~CALLER, and
 * EMAIL naming the person; without it, the account that registered the organisation) opens a punchout and sends the
 * browser on to its start page.
 */
export async function registerOciRoute(app: FastifyInstance, deps: { db: Db; publicUrl: string }): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, String(body)));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = paramsOf(request);
      const identity = await identityOf(deps.db, params.get('USERNAME') ?? '', params.get('PASSWORD') ?? '');
      if (!identity) {
        return page(reply, 401, 'Punchout refused', 'The user name or password your procurement system sent is not right. Ask your administrator to check the punchout settings.');
      }
      const hookUrl = params.get('HOOK_URL') ?? '';
      if (!isReturnUrl(hookUrl)) return page(reply, 400, 'Punchout refused', 'Your procurement system sent no valid HOOK_URL to return the cart to.');
      const email = params.get('EMAIL')?.trim() ?? '';
      if (email && !isEmail(email)) return page(reply, 400, 'Punchout refused', 'The EMAIL your procurement system sent is not a valid address.');
      let buyer;
      try {
        buyer = email ? await punchoutBuyer(deps.db, identity.organisationId, { email }) : await organisationOwner(deps.db, identity.organisationId);
      } catch (error) {
        if (error instanceof BuyerRefused) return page(reply, 403, 'Punchout refused', error.message);
        throw error;
      }
      const startUrl = await openPunchout(deps.db, deps.publicUrl, {
        organisationId: identity.organisationId, userId: buyer.id, protocol: 'oci', operation: 'create',
        buyerCookie: '', returnUrl: hookUrl, returnTarget: (params.get('~TARGET') ?? '').slice(0, 100), items: [],
      });
      return reply.header('cache-control', 'no-store').redirect(startUrl, 303);
    };
    const config = { rateLimit: PUNCHOUT_PER_IP };
    scope.get('/punchout/oci', { config }, handler);
    scope.post('/punchout/oci', { config }, handler);
  });
}
