import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contracts from '#contracts/licences';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { cartItems, carts } from '../db/schema/cart.ts';
import { attachmentDisposition } from '../documents/content-disposition.ts';
import type { Mailer } from '../lib/mailer.ts';
import { route } from '../lib/route.ts';
import { checkLicenceGate } from './licence-gate.ts';
import { createLicenceStore } from './licence-file.ts';
import { scheduleLicenceReminders } from './licence-reminders.ts';
import { listOwnLicences, readableLicence, uploadLicence, type UploadedFile } from './licences.service.ts';
import * as staff from './staff-licences.service.ts';

export interface LicenceDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  requireUser: RequireUser;
  /** Licence files are kept in DATA_DIR/licences. */
  dataDir: string;
}

/** The form's text fields and its one file; the file is cut off (and flagged) past the size limit. */
async function readUpload(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  if (!request.isMultipart()) return { fields, file };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (!file && part.fieldname === 'file') file = { fileName: part.filename, content, truncated: part.file.truncated };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}

async function cartProductIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db.select({ productId: cartItems.productId }).from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId)).where(eq(carts.userId, userId));
  return rows.map((row) => row.productId);
}

export function registerLicenceRoutes(app: FastifyInstance, deps: LicenceDeps): void {
  const { db, requireUser } = deps;
  const store = createLicenceStore(deps.dataDir);
  const signedIn = { preHandler: requireUser() };
  const staffOnly = { preHandler: requireUser({ staff: true }) };

  // Multipart parsing stays inside this scope, so no other route accepts uploads.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: contracts.LICENCE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1_000, parts: 12 },
    });
    scope.post(contracts.uploadLicence.path, {
      preHandler: requireUser({ accountTypes: ['business'] }),
      bodyLimit: contracts.LICENCE_MAX_BYTES + 64 * 1024,
    }, async (request, reply) => {
      const { fields, file } = await readUpload(request);
      const licence = await uploadLicence(db, store, currentUser(request).id, fields, file);
      return reply.status(201).send(contracts.uploadLicence.response.parse({ licence }));
    });
  });

  route(app, contracts.listMyLicences, async (request) => {
    const user = currentUser(request);
    const now = new Date();
    const [licences, check] = await Promise.all([
      listOwnLicences(db, user.id, now), checkLicenceGate(db, user.id, await cartProductIds(db, user.id), now),
    ]);
    return { licences, gate: check.gate };
  }, signedIn);
  route(app, contracts.getLicenceGate, async (request) => {
    const user = currentUser(request);
    return (await checkLicenceGate(db, user.id, await cartProductIds(db, user.id), new Date())).gate;
  }, signedIn);

  app.withTypeProvider<ZodTypeProvider>().get('/api/licences/:id/file', {
    schema: { params: z.object({ id: z.coerce.number().int().min(1) }) },
    preHandler: requireUser(),
  }, async (request, reply) => {
    const licence = await readableLicence(db, currentUser(request), request.params.id);
    const content = await store.read(licence.storedName);
    return reply
      .header('content-type', licence.contentType)
      .header('content-length', content.length)
      .header('content-disposition', attachmentDisposition(licence.fileName))
      .header('cache-control', 'private, no-store')
      .send(content);
  });

  route(app, contracts.listStaffLicences, async (request) => ({
    licences: await staff.listStaffLicences(db, request.query.status),
  }), staffOnly);
  route(app, contracts.verifyLicence, async (request) => ({
    licence: await staff.verifyLicence(deps, currentUser(request).id, request.params.id),
  }), staffOnly);
  route(app, contracts.rejectLicence, async (request) => ({
    licence: await staff.rejectLicence(deps, currentUser(request).id, request.params.id, request.body.reason),
  }), staffOnly);
  route(app, contracts.listLicenceBlocks, async (request) => staff.listLicenceBlocks(db, request.query.page), staffOnly);
  route(app, contracts.listRestrictedCategories, async () => ({ categories: await staff.listRestrictedCategories(db) }), staffOnly);
  route(app, contracts.setCategoryRestricted, async (request) => ({
    category: await staff.setCategoryRestricted(db, request.params.id, request.body.restricted),
  }), staffOnly);

  scheduleLicenceReminders(app, deps);
}
