import type { FastifyInstance } from 'fastify';
import { FILE_MISSING, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from '#contracts/staff-media';
import * as contracts from '#contracts/staff-categories';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { registerNoStore } from '../lib/no-store.ts';
import { route } from '../lib/route.ts';
import { uploadRoute } from '../lib/upload-form.ts';
import { findCategoryRendition } from './category-image.ts';
import * as service from './staff-categories.service.ts';

const RENDITION = /^\/media\/category-images\/([1-9]\d{0,8})\/([0-9a-f]{16})\/([1-9]\d{0,4})\.(avif|webp)$/;

/** Public: an uploaded category picture's renditions, cached for good (a new picture has a new address). */
function registerCategoryImageFiles(app: FastifyInstance, db: Db): void {
  app.get('/media/category-images/:id/:hash/:file', async (request, reply) => {
    const match = RENDITION.exec(request.url);
    if (!match) throw notFound();
    const [, id, hash, width, format] = match;
    const content = await findCategoryRendition(db, Number(id), hash, Number(width), format as 'avif' | 'webp');
    if (!content) throw notFound();
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type(`image/${format}`).send(content);
  });
}

/** /api/staff/categories/: catalogue staff and the owner (403 for anyone else). */
export async function registerStaffCategoryRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): Promise<void> {
  const { db } = deps;
  const guard = deps.requireUser({ staff: true });
  const staff = { preHandler: guard, audit: 'service' as const };
  registerCategoryImageFiles(app, db);

  await registerNoStore(app, (scope) => {
    route(scope, contracts.listStaffCategories, async () => ({ categories: await service.listStaffCategories(db) }), staff);
    route(scope, contracts.createCategory, async (request) => service.createCategory(db, currentUser(request), request.body), staff);
    route(scope, contracts.updateCategory, async (request) =>
      service.updateCategory(db, currentUser(request), request.params.id, request.body), staff);
    route(scope, contracts.reorderCategories, async (request) => ({
      categories: await service.reorderCategories(db, currentUser(request), request.body.ids),
    }), staff);
    route(scope, contracts.deleteCategory, async (request) => {
      await service.deleteCategory(db, currentUser(request), request.params.id);
      return { detail: 'Category deleted.' };
    }, staff);
    uploadRoute(scope, contracts.uploadCategoryImage, guard, PHOTO_MAX_BYTES, async (request, { files }) => {
      const file = files.file;
      if (!file || file.content.length === 0) throw badRequest({ file: [FILE_MISSING] });
      if (file.truncated) throw badRequest({ file: [PHOTO_TOO_LARGE] });
      return { status: 200, body: await service.setCategoryImage(db, currentUser(request), request.params.id, file.content) };
    });
  });
}
