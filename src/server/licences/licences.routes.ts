import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contracts from '#contracts/licences';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { cartItems, carts } from '../db/schema/cart.ts';
import { categories, productVariants } from '../db/schema/catalog.ts';
import { licences } from '../db/schema/licences.ts';
import { sendPrivateAttachment } from '../documents/content-disposition.ts';
import type { Mailer } from '../lib/mailer.ts';
import { route } from '../lib/route.ts';
import { readUploadForm } from '../lib/upload-form.ts';
import { checkLicenceGate } from './licence-gate.ts';
import { createLicenceStore } from './licence-file.ts';
import { listOwnLicences, readableLicence, uploadLicence } from './licences.service.ts';
import * as staff from './staff-licences.service.ts';
import type { Contract } from '#contracts/define';
import { audited, rowOf } from '../audit/audited.ts';

export interface LicenceDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  requireUser: RequireUser;
  /** Licence files are kept in DATA_DIR/licences. */
  dataDir: string;
}

async function cartProductIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db.selectDistinct({ productId: productVariants.productId }).from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(carts.userId, userId));
  return rows.map((row) => row.productId);
}

export function registerLicenceRoutes(app: FastifyInstance, deps: LicenceDeps): void {
  const { db, requireUser } = deps;
  const store = createLicenceStore(deps.dataDir);
  const signedIn = { preHandler: requireUser() };
  const staffOnly = { preHandler: requireUser({ staff: true }) };
  const licence = (action: string) => ({
    ...staffOnly,
    audit: audited<Contract>(db, {
      action, entity: 'licence', id: (request) => (request.params as { id: number }).id, snapshot: rowOf(db, licences, licences.id),
    }),
  });

  // Multipart parsing stays inside this scope, so no other route accepts uploads.
  void app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });
    scope.post(contracts.uploadLicence.path, {
      preHandler: requireUser({ accountTypes: ['business'] }),
      bodyLimit: contracts.LICENCE_MAX_BYTES + 64 * 1024,
    }, async (request, reply) => {
      const { fields, files } = await readUploadForm(request, contracts.LICENCE_MAX_BYTES);
      const licence = await uploadLicence(db, store, currentUser(request).id, fields, files.file ?? null);
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
    return sendPrivateAttachment(reply, content, licence.fileName, licence.contentType);
  });

  route(app, contracts.listStaffLicences, async (request) => ({
    licences: await staff.listStaffLicences(db, request.query.status),
  }), staffOnly);
  route(app, contracts.verifyLicence, async (request) => ({
    licence: await staff.verifyLicence(deps, currentUser(request).id, request.params.id),
  }), licence('licence.verify'));
  route(app, contracts.rejectLicence, async (request) => ({
    licence: await staff.rejectLicence(deps, currentUser(request).id, request.params.id, request.body.reason),
  }), licence('licence.reject'));
  route(app, contracts.listLicenceBlocks, async (request) => staff.listLicenceBlocks(db, request.query.page), staffOnly);
  route(app, contracts.listRestrictedCategories, async () => ({ categories: await staff.listRestrictedCategories(db) }), staffOnly);
  route(app, contracts.setCategoryRestricted, async (request) => ({
    category: await staff.setCategoryRestricted(db, request.params.id, request.body.restricted),
  }), {
    ...staffOnly,
    audit: audited(db, { action: 'category.restricted', entity: 'category', id: (request) => request.params.id, snapshot: rowOf(db, categories, categories.id) }),
  });

}
