import type { FastifyInstance } from 'fastify';
import type { Contract } from '#contracts/define';
import * as contracts from '#contracts/returns';
import { audited, rowOf } from '../audit/audited.ts';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { checkIdempotencyKey } from '../checkout/idempotency.ts';
import { returnPolicy } from '../db/schema/returns.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPrivateFileStore } from '../lib/private-files.ts';
import { route } from '../lib/route.ts';
import { uploadRoute } from '../lib/upload-form.ts';
import { attachPhoto, readPhoto } from './return-photo.ts';
import { RETURN_LABEL_ROUTE, RETURN_PHOTO_ROUTE } from './return-views.ts';
import { readLabel } from './return-label.ts';
import { sendPrivateAttachment } from '../documents/content-disposition.ts';
import { resolve, type ResolveDeps } from './resolve-return.ts';
import { loadPolicy, policyView, savePolicy } from './return-policy.ts';
import { returnsReport } from './returns-report.ts';
import { orderReturns, requestReturn, returnViewById } from './returns.service.ts';
import { approve, findReturn, listStaffReturns, receiveGoods, reject, staffReturn, type StaffReturnDeps } from './staff-returns.service.ts';

const noStore = { 'cache-control': 'no-store' };

/** The buyer's returns on an order, and staff's decisions on every return. */
export function registerReturnRoutes(app: FastifyInstance, deps: ResolveDeps & StaffReturnDeps & { requireUser: RequireUser; dataDir: string }): void {
  const { db } = deps;
  const photos = createPrivateFileStore(deps.dataDir, 'return-photos');
  const signedIn = { preHandler: deps.requireUser() };
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  // The trail keeps a return under its RMA number, without the label's PDF.
  const onReturn = (action: string) => audited<Contract>(db, {
    action, entity: 'return', id: (request) => (request.params as { rma: string }).rma,
    snapshot: async (rma) => {
      const { labelPdf: _label, ...row } = await findReturn(db, rma);
      return row;
    },
  });

  route(app, contracts.listOrderReturns, async (request, reply) => {
    reply.headers(noStore);
    return orderReturns(db, currentUser(request), request.params.orderNumber);
  }, signedIn);
  route(app, contracts.requestReturn, async (request) => ({
    return: await requestReturn(deps, currentUser(request), request.params.orderNumber, {
      items: request.body.items, comment: request.body.comment, decontamination_declared: request.body.decontamination_declared,
    }),
  }), signedIn);

  uploadRoute(app, contracts.uploadReturnPhoto, deps.requireUser(), contracts.RETURN_PHOTO_MAX_BYTES, async (request, form) => {
    const { orderNumber, rma } = request.params;
    await attachPhoto(db, photos, currentUser(request), orderNumber, rma, form.files.file ?? null);
    return { status: 200, body: { return: (await returnViewById(db, (await findReturn(db, rma)).id)).buyer } };
  });
  app.withTypeProvider<ZodTypeProvider>().get(RETURN_PHOTO_ROUTE, {
    schema: { params: contracts.uploadReturnPhoto.params }, preHandler: deps.requireUser(),
  }, async (request, reply) => {
    const { content, contentType } = await readPhoto(db, photos, currentUser(request), request.params.orderNumber, request.params.rma);
    return reply.header('content-type', contentType).header('content-length', content.length)
      .header('cache-control', 'private, no-store').send(content);
  });
  app.withTypeProvider<ZodTypeProvider>().get(RETURN_LABEL_ROUTE, {
    schema: { params: contracts.uploadReturnPhoto.params }, preHandler: deps.requireUser(),
  }, async (request, reply) => {
    const { orderNumber, rma } = request.params;
    return sendPrivateAttachment(reply, await readLabel(db, currentUser(request), orderNumber, rma), contracts.returnLabelFileName(rma));
  });

  route(app, contracts.listStaffReturns, async (request, reply) => {
    reply.headers(noStore);
    return { returns: await listStaffReturns(db, request.query.status) };
  }, staff);
  route(app, contracts.getReturnPolicy, async (_request, reply) => {
    reply.headers(noStore);
    return { policy: await policyView(db, await loadPolicy(db)) };
  }, staff);
  route(app, contracts.updateReturnPolicy, async (request) => ({ policy: await savePolicy(db, request.body) }), {
    ...staff, audit: audited(db, { action: 'return_policy.update', entity: 'return_policy', id: () => 1, snapshot: rowOf(db, returnPolicy, returnPolicy.id) }),
  });
  route(app, contracts.returnsReport, async (request, reply) => {
    reply.headers(noStore);
    return returnsReport(db, request.query);
  }, staff);
  route(app, contracts.getStaffReturn, async (request, reply) => {
    reply.headers(noStore);
    return { return: await staffReturn(db, request.params.rma) };
  }, staff);
  route(app, contracts.approveReturn, async (request) => ({
    return: await approve(deps, request.log, request.params.rma, request.body, currentUser(request).id),
  }), { ...staff, audit: onReturn('return.approve') });
  route(app, contracts.rejectReturn, async (request) => ({
    return: await reject(deps, request.params.rma, request.body.reason, currentUser(request).id),
  }), { ...staff, audit: onReturn('return.reject') });
  route(app, contracts.receiveReturn, async (request) => ({
    return: await receiveGoods(deps, request.params.rma, request.body, currentUser(request).id),
  }), { ...staff, audit: onReturn('return.receive') });
  route(app, contracts.resolveReturn, async (request) => {
    const user = currentUser(request);
    return resolve({ ...deps, log: request.log }, request.params.rma, {
      resolution: request.body.resolution, reference: request.body.reference,
      key: checkIdempotencyKey(request.headers['idempotency-key']), actor: user,
    });
  }, { ...staff, audit: onReturn('return.resolve') });
}
