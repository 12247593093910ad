import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../lib/errors.ts';
import { renderCategorySvg } from './category-svg.ts';
import { isInstrumentFamily, renderInstrumentSvg, type ImageView } from './instrument-svg.ts';
import { SvgCache } from './svg-cache.ts';

const INSTRUMENT_FILE = /^([a-z0-9][a-z0-9-]{0,99})-([1-4])\.svg$/;
const CATEGORY_FILE = /^([a-z0-9][a-z0-9-]{0,99})\.svg$/;

const cache = new SvgCache();

function sendSvg(reply: FastifyReply, svg: string): FastifyReply {
  // The drawings change only with the code, so a day of caching is safe without content hashes.
  return reply
    .header('cache-control', 'public, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .type('image/svg+xml; charset=utf-8')
    .send(svg);
}

export function registerMediaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { family: string; file: string } }>('/media/instruments/:family/:file', async (request, reply) => {
    const { family, file } = request.params;
    const match = INSTRUMENT_FILE.exec(file);
    if (!isInstrumentFamily(family) || !match) throw notFound();
    const [, typeSlug, view] = match;
    return sendSvg(reply, cache.get(`i:${family}/${file}`, () => renderInstrumentSvg(family, typeSlug, Number(view) as ImageView)));
  });

  app.get<{ Params: { file: string } }>('/media/categories/:file', async (request, reply) => {
    const match = CATEGORY_FILE.exec(request.params.file);
    if (!match) throw notFound();
    return sendSvg(reply, cache.get(`c:${match[1]}`, () => renderCategorySvg(match[1])));
  });

  // Paths with extra or dot segments match neither route; answer them with the same JSON 404.
  app.get('/media/*', async () => {
    throw notFound();
  });
}
