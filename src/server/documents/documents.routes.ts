import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { documents } from '../db/schema/catalog.ts';
import { notFound } from '../lib/errors.ts';

export const documentDownloadPath = (slug: string) => `/api/documents/${slug}/download/`;

/** Product documents (instructions for use, certificates) as file downloads. */
export function registerDocumentRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/documents/:slug/download/', {
    schema: { params: z.object({ slug: z.string().regex(/^[a-z0-9-]+$/, 'Invalid document.') }) },
  }, async (request, reply) => {
    const [document] = await db.select().from(documents).where(eq(documents.slug, request.params.slug));
    if (!document) throw notFound('Document not found.');
    return reply
      .header('content-type', document.contentType)
      .header('content-disposition', `attachment; filename="${document.slug}.pdf"`)
      .header('cache-control', 'public, max-age=3600')
      .send(document.content);
  });
}
