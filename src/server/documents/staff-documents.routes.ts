import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/staff-media';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { uploadRoute } from '../lib/upload-form.ts';
import { addProductDocument, listStaffDocuments, removeProductDocument } from './staff-documents.service.ts';

/** /api/staff/products/{id}/documents/: catalogue staff and the owner. */
export function registerStaffDocumentRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const { db } = deps;
  const guard = deps.requireUser({ staff: true });

  route(app, contracts.listProductDocuments, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { documents: await listStaffDocuments(db, request.params.id) };
  }, { preHandler: guard });
  route(app, contracts.deleteProductDocument, async (request) => ({
    documents: await removeProductDocument(db, currentUser(request), request.params.id, request.params.documentId),
  }), { preHandler: guard, audit: 'service' });
  uploadRoute(app, contracts.uploadProductDocument, guard, contracts.DOCUMENT_MAX_BYTES, async (request, { fields, files }) => ({
    status: 201,
    body: { document: await addProductDocument(db, currentUser(request), request.params.id, fields, files.file) },
  }));
}
