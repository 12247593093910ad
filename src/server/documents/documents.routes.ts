import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { documents } from '../db/schema/catalog.ts';
import { notFound } from '../lib/errors.ts';
import { attachmentDisposition } from './content-disposition.ts';

/** Product documents (instructions for use, certificates) as file downloads; the path is documentDownloadPath(slug). */
export function registerDocumentRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/documents/:slug/download/', {
    schema: { params: z.object({ slug: z.string().regex(/^[a-z0-9-]+$/, 'Invalid document.') }) },
  }, async (request, reply) => {
    const [document] = await db.select().from(documents).where(eq(documents.slug, request.params.slug));
    if (!document) throw notFound('Document not found.');
    const extension = document.contentType === 'application/pdf' ? '.pdf' : '';
    return reply
      .header('content-type', document.contentType)
      .header('content-length', document.content.length)
      .header('content-disposition', attachmentDisposition(`${document.name}${extension}`))
      .header('cache-control', 'public, max-age=3600')
      .send(document.content);
  });
}
