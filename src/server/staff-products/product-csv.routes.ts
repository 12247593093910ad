import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CSV_MISSING, uploadTooLarge } from '#contracts/product-import';
import { exportProducts, importProducts } from '#contracts/staff-products';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { badRequest } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { productCsv } from './product-csv-export.ts';
import { fetchPublicImage, IMAGE_MAX_BYTES, type ImageFetcher } from './product-csv-images.ts';
import { importProductCsv, type CsvImportDeps } from './product-csv-import.ts';
import { parseProductCsv, type ParsedCsv } from './product-csv-parse.ts';
import { ImageZip } from './product-csv-zip.ts';

export interface ProductCsvDeps extends CsvImportDeps {
  requireUser: RequireUser;
  /** How Image Src addresses are fetched; the shop's own refuses local addresses. */
  fetchImage?: ImageFetcher;
}

/** The CSV and its images zip together: the zip may hold a photo per product. */
const UPLOAD_MAX_MB = 200;
const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;

interface ImportUpload {
  file: ParsedCsv;
  zip?: Buffer;
  defaultCategory?: string;
}

/** The CSV, parsed as it streams in, the images zip's bytes and the default category's slug. */
async function readImport(request: FastifyRequest): Promise<ImportUpload> {
  let file: ParsedCsv | undefined;
  let zip: Buffer | undefined;
  let defaultCategory: string | undefined;
  if (!request.isMultipart()) throw badRequest({ file: [CSV_MISSING] });
  for await (const part of request.parts()) {
    if (part.type !== 'file') {
      if (part.fieldname === 'default_category' && typeof part.value === 'string') defaultCategory = part.value.trim() || undefined;
      continue;
    }
    if (part.fieldname === 'file' && !file) {
      file = await parseProductCsv(part.file);
      part.file.resume();
    } else if (part.fieldname === 'images' && !zip) {
      zip = await part.toBuffer();
    } else {
      part.file.resume();
    }
    if (part.file.truncated) throw badRequest({ [part.fieldname]: [uploadTooLarge(UPLOAD_MAX_MB)] });
  }
  if (!file) throw badRequest({ file: [CSV_MISSING] });
  return { file, zip, defaultCategory };
}

export function registerProductCsvRoutes(app: FastifyInstance, deps: ProductCsvDeps): void {
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  const fetchImage = deps.fetchImage ?? fetchPublicImage;

  // Multipart parsing stays inside this scope, so no other route accepts uploads.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 4, fieldSize: 1_000, parts: 6 },
    });
    route(scope, importProducts, async (request) => {
      const { file, zip, defaultCategory } = await readImport(request);
      const dryRun = request.query.dry_run === '1' || request.query.dry_run === 'true';
      const images = { zip: zip && ImageZip.open(zip, IMAGE_MAX_BYTES), fetchImage };
      return importProductCsv(deps, currentUser(request), file, { dryRun, images, defaultCategory });
    }, { ...staff, bodyLimit: UPLOAD_MAX_BYTES, audit: 'service' });
  });

  app.withTypeProvider<ZodTypeProvider>().get(exportProducts.path, {
    ...staff,
    config: { staff: exportProducts.staff },
    schema: { querystring: exportProducts.query },
  }, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply.headers({
      'cache-control': 'private, no-store',
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="products-${day}.csv"`,
    }).send(productCsv(deps.db, request.query, deps.publicUrl));
  });
}
