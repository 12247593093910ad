import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/staff-media';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { productImageRenditions } from '../db/schema/catalog.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { parseFields, uploadRoute } from '../lib/upload-form.ts';
import { addProductPhoto, deletePhoto, listPhotos, photoOf, reorderPhotos, updatePhotoAlt } from './product-photos.ts';

const PHOTO_FILE = /^([1-9]\d{0,5})\.(avif|webp)$/;
const IMAGE_ID = /^[1-9]\d{0,9}$/;

/** Public: an uploaded photo's renditions, cached for good (a changed photo is a new image id, so a new address). */
function registerPhotoFiles(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { imageId: string; file: string } }>('/media/photos/:imageId/:file', async (request, reply) => {
    const match = PHOTO_FILE.exec(request.params.file);
    if (!match || !IMAGE_ID.test(request.params.imageId)) throw notFound();
    const [, width, format] = match;
    const imageId = Number(request.params.imageId);
    if (imageId > 2_147_483_647) throw notFound();
    const etag = `"${imageId}-${width}-${format}"`;
    const [rendition] = await db.select({ content: productImageRenditions.content }).from(productImageRenditions)
      .where(and(eq(productImageRenditions.imageId, imageId), eq(productImageRenditions.format, format as 'avif' | 'webp'),
        eq(productImageRenditions.width, Number(width))));
    if (!rendition) throw notFound();
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(`image/${format}`).header('content-length', rendition.content.length).send(rendition.content);
  });
}

/** /api/staff/products/{id}/images/: catalogue staff and the owner. */
export function registerProductPhotoRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const { db } = deps;
  const guard = deps.requireUser({ staff: true });
  const staff = { preHandler: guard };
  const staffWrite = { preHandler: guard, audit: 'service' as const };
  registerPhotoFiles(app, db);

  route(app, contracts.listProductPhotos, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { images: await listPhotos(db, request.params.id) };
  }, staff);
  route(app, contracts.updateProductPhoto, async (request) => ({
    image: await updatePhotoAlt(db, currentUser(request), request.params.id, request.params.imageId, request.body.alt),
  }), staffWrite);
  route(app, contracts.reorderProductPhotos, async (request) => ({
    images: await reorderPhotos(db, currentUser(request), request.params.id, request.body.ids),
  }), staffWrite);
  route(app, contracts.deleteProductPhoto, async (request) => ({
    images: await deletePhoto(db, currentUser(request), request.params.id, request.params.imageId),
  }), staffWrite);

  uploadRoute(app, contracts.uploadProductPhoto, guard, contracts.PHOTO_MAX_BYTES, async (request, { fields, files }) => {
    const { data, errors } = parseFields(contracts.photoFields, fields);
    const file = files.file;
    if (!file || file.content.length === 0) errors.file = [contracts.FILE_MISSING];
    else if (file.truncated) errors.file = [contracts.PHOTO_TOO_LARGE];
    if (!data || !file || Object.keys(errors).length > 0) throw badRequest(errors);
    const productId = request.params.id;
    const { id, created } = await addProductPhoto(db, currentUser(request), productId, file.content, data.alt);
    return { status: created ? 201 : 200, body: { image: await photoOf(db, productId, id), created } };
  });
}
