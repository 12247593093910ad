import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Contract } from '#contracts/define';
import * as contracts from '#contracts/private-label';
import { audited, rowOf } from '../audit/audited.ts';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import { processPayment } from '../checkout/payment-flow.service.ts';
import { privateLabelRequests } from '../db/schema/private-label.ts';
import { sendPrivateAttachment } from '../documents/content-disposition.ts';
import { and, eq } from 'drizzle-orm';
import { privateLabelProofs } from '../db/schema/private-label.ts';
import { notFound } from '../lib/errors.ts';
import { createPrivateFileStore } from '../lib/private-files.ts';
import { route } from '../lib/route.ts';
import { uploadRoute } from '../lib/upload-form.ts';
import { decidingAccess, readableRequest } from './private-label-access.ts';
import { PRIVATE_LABEL_FOLDER } from './private-label-files.ts';
import { payBalance } from './private-label-balance.ts';
import { privateLabelSource } from './private-label-order-source.ts';
import {
  askForChanges, attachArtwork, cancelRequest, createRequest, listOwnRequests, ownRequest, privateLabelOffers, type PrivateLabelDeps,
} from './private-label.service.ts';
import { declineRequest, listStaffRequests, moveProduction, quoteRequest, sendProof, staffRequest } from './staff-private-label.service.ts';

export type PrivateLabelRouteDeps = PaymentDeps & PrivateLabelDeps & { requireUser: RequireUser; dataDir: string };

const noStore = { 'cache-control': 'no-store' };
const fileParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const proofParams = fileParams.extend({ version: z.coerce.number().int().min(1).max(10_000) });

/** Private-label requests: the buyer's organisation's side, staff's side, and the files both download. */
export function registerPrivateLabelRoutes(app: FastifyInstance, deps: PrivateLabelRouteDeps): void {
  const { db } = deps;
  const files = createPrivateFileStore(deps.dataDir, PRIVATE_LABEL_FOLDER);
  // Organisations buy in bulk under business accounts; membership of a verified one is checked by each service.
  const buyer = { preHandler: deps.requireUser({ verified: true, accountTypes: ['business'] }) };
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  const onRequest = (action: string) => ({
    ...staff,
    audit: audited<Contract>(db, {
      action, entity: 'private_label_request', id: (request) => (request.params as { id: number }).id,
      snapshot: rowOf(db, privateLabelRequests, privateLabelRequests.id),
    }),
  });

  route(app, contracts.listPrivateLabelOffers, async (_request, reply) => {
    reply.headers(noStore);
    return { offers: await privateLabelOffers(db) };
  }, buyer);
  route(app, contracts.createPrivateLabelRequest, async (request) => ({
    request: await createRequest(deps, currentUser(request).id, request.body),
  }), buyer);
  route(app, contracts.listPrivateLabelRequests, async (request, reply) => {
    reply.headers(noStore);
    return { requests: await listOwnRequests(deps, currentUser(request).id) };
  }, buyer);
  route(app, contracts.getPrivateLabelRequest, async (request, reply) => {
    reply.headers(noStore);
    return { request: await ownRequest(deps, currentUser(request).id, request.params.id) };
  }, buyer);
  uploadRoute(app, contracts.uploadPrivateLabelArtwork, deps.requireUser({ verified: true, accountTypes: ['business'] }),
    contracts.PRIVATE_LABEL_FILE_MAX_BYTES, async (request, form) => ({
      status: 200,
      body: { request: await attachArtwork(deps, files, currentUser(request).id, request.params.id, form.files.file) },
    }));
  route(app, contracts.requestPrivateLabelChanges, async (request) => ({
    request: await askForChanges(deps, currentUser(request).id, request.params.id, request.body.comment),
  }), buyer);
  route(app, contracts.cancelPrivateLabelRequest, async (request) => ({
    request: await cancelRequest(deps, currentUser(request).id, request.params.id, request.body.reason),
  }), buyer);
  route(app, contracts.approvePrivateLabelProof, async (request, reply) => {
    const userId = currentUser(request).id;
    const { organisationId } = await decidingAccess(db, userId);
    const { manufacturer_notice: notice, ...payment } = request.body;
    const outcome = await processPayment({ ...deps, log: request.log }, userId, request.headers['idempotency-key'], payment,
      privateLabelSource(deps.taxBasisPoints, organisationId, request.params.id, notice));
    if ('approvalRequired' in outcome) throw new Error('A private-label order is never held for approval');
    if (!outcome.success) reply.status(202);
    return outcome;
  }, buyer);
  route(app, contracts.payPrivateLabelBalance, async (request, reply) => {
    const outcome = await payBalance({ ...deps, log: request.log }, currentUser(request).id, request.headers['idempotency-key'], request.body, request.params.id);
    if (!outcome.success) reply.status(202);
    return outcome;
  }, buyer);

  // The artwork and each proof: for the organisation's members and staff who handle private label; 404 for anyone else.
  const signedIn = { schema: { params: fileParams }, preHandler: deps.requireUser() };
  app.withTypeProvider<ZodTypeProvider>().get('/api/private-label/requests/:id/artwork/file', signedIn, async (request, reply) => {
    const row = await readableRequest(db, currentUser(request), request.params.id);
    if (!row.artworkStoredName) throw notFound('This request has no artwork.');
    return sendPrivateAttachment(reply, await files.read(row.artworkStoredName), row.artworkFileName ?? 'artwork', row.artworkContentType ?? undefined);
  });
  app.withTypeProvider<ZodTypeProvider>().get('/api/private-label/requests/:id/proofs/:version', {
    schema: { params: proofParams }, preHandler: deps.requireUser(),
  }, async (request, reply) => {
    const row = await readableRequest(db, currentUser(request), request.params.id);
    const [proof] = await db.select().from(privateLabelProofs)
      .where(and(eq(privateLabelProofs.requestId, row.id), eq(privateLabelProofs.version, request.params.version)));
    if (!proof) throw notFound('Proof not found.');
    return sendPrivateAttachment(reply, await files.read(proof.storedName), proof.fileName, proof.contentType);
  });

  route(app, contracts.listStaffPrivateLabelRequests, async (request, reply) => {
    reply.headers(noStore);
    return { requests: await listStaffRequests(deps, request.query) };
  }, staff);
  route(app, contracts.getStaffPrivateLabelRequest, async (request, reply) => {
    reply.headers(noStore);
    return { request: await staffRequest(deps, request.params.id) };
  }, staff);
  route(app, contracts.quotePrivateLabelRequest, async (request) => ({
    request: await quoteRequest(deps, currentUser(request).id, request.params.id, request.body),
  }), onRequest('private_label.quote'));
  uploadRoute(app, contracts.uploadPrivateLabelProof, staff.preHandler, contracts.PRIVATE_LABEL_FILE_MAX_BYTES, async (request, form) => ({
    status: 200,
    body: {
      request: await sendProof(deps, files, currentUser(request).id, request.params.id, form.files.file, (form.fields.note ?? '').trim().slice(0, 2000)),
    },
  }));
  route(app, contracts.movePrivateLabelProduction, async (request) => ({
    request: await moveProduction(deps, currentUser(request).id, request.params.id, request.body.status),
  }), onRequest('private_label.production'));
  route(app, contracts.declinePrivateLabelRequest, async (request) => ({
    request: await declineRequest(deps, currentUser(request).id, request.params.id, request.body.reason),
  }), onRequest('private_label.decline'));
}
