import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTENTS_SHEET_ROUTE, contentsSheetParams, contentsSheetQuery, REGULATORY_CSV_ROUTE } from '#contracts/regulatory-files';
import { staffAccess } from '#contracts/staff-roles';
import type { RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { attachmentDisposition } from '../documents/content-disposition.ts';
import { notFound } from '../lib/errors.ts';
import { textsFor } from '../lib/texts.ts';
import { findContentsSheet } from './contents-sheet.ts';
import { renderContentsSheet } from './contents-sheet-pdf.ts';
import { regulatoryCsv } from './regulatory-csv.ts';
import { requestLanguage } from './request-language.ts';

/** The staff's GUDID/EUDAMED export, and the public contents sheet of each set on sale. */
export function registerRegulatoryRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser; publicUrl: string }): void {
  const { db } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(REGULATORY_CSV_ROUTE, {
    // The guard runs before anything is read, as on every staff route.
    preValidation: deps.requireUser({ staff: true }),
    config: { staff: staffAccess.catalogue },
  }, async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply.headers({
      'cache-control': 'private, no-store',
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="regulatory-${day}.csv"`,
    }).send(await regulatoryCsv(db, deps.publicUrl));
  });

  typed.get(CONTENTS_SHEET_ROUTE, {
    schema: { params: contentsSheetParams, querystring: contentsSheetQuery },
  }, async (request, reply) => {
    const texts = textsFor(requestLanguage(request.query.lang, request.headers['accept-language']));
    const sheet = await findContentsSheet(db, request.params.slug, request.query.variant, texts.language);
    if (!sheet) throw notFound('Set not found.');
    const pdf = await renderContentsSheet(sheet, texts);
    return reply.headers({
      'content-type': 'application/pdf',
      // Opened in the browser's viewer; saved under the set's catalogue number.
      'content-disposition': attachmentDisposition(`contents-sheet-${sheet.set.modelNumber}.pdf`).replace(/^attachment/, 'inline'),
      'cache-control': 'public, max-age=300',
      vary: 'Accept-Language',
      'content-language': texts.language,
    }).send(pdf);
  });
}
