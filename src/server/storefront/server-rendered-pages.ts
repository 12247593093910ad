import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CURRENCIES } from '#contracts/auth';
import type { ApiTransport, CreatePageRenderer, PageRequest, RenderedPage } from './page-renderer.ts';

const LOCALES = ['en', 'ur', 'ar'] as const;
const MAX_REDIRECTS = 3;

function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | undefined {
  return values.find((candidate) => candidate === value);
}

function cookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The page's language: the link's `?lang=`, else the visitor's stored choice (a cookie), else English. */
export function choicesOf(request: FastifyRequest): Pick<PageRequest, 'locale' | 'currency'> {
  const search = new URLSearchParams(request.url.split('?')[1] ?? '');
  return {
    locale: oneOf(LOCALES, search.get('lang')) ?? oneOf(LOCALES, cookie(request, 'shop.locale')) ?? 'en',
    currency: oneOf(CURRENCIES, cookie(request, 'shop.currency')) ?? 'USD',
  };
}

/** The pages' API calls answered by this server's own routes, in its process, as a visitor who is signed out. */
function inProcessTransport(app: FastifyInstance): ApiTransport {
  return async (url, init) => {
    let target = url;
    for (let hop = 0; ; hop++) {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: target,
        headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
        payload: init.body as string | undefined,
      });
      const location = answer.headers.location;
      if (answer.statusCode >= 300 && answer.statusCode < 400 && typeof location === 'string' && hop < MAX_REDIRECTS) {
        target = location;
        continue;
      }
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.body, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
    }
  };
}

/** The built index.html with a rendered page in it: its head elements, its markup, and the language on <html>. */
function fillTemplate(template: string, page: RenderedPage): string {
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${page.lang}" dir="${page.dir}">`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
    .replace('</head>', `${page.head}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.body}</div>${page.state}`);
}

export interface ServerRenderedPages {
  rendersPath(pathname: string): boolean;
  answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** The public pages rendered on the server with their data; the storefront's other pages are rendered in the browser. */
export function serverRenderedPages(
  app: FastifyInstance,
  createRenderer: CreatePageRenderer,
  { webRoot, publicUrl }: { webRoot: string; publicUrl: string },
): ServerRenderedPages {
  const renderer = createRenderer(inProcessTransport(app));
  const template = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  return {
    rendersPath: (pathname) => renderer.rendersPath(pathname),
    async answer(request, reply) {
      const page = await renderer.render({ url: request.url, origin: publicUrl, ...choicesOf(request) });
      if (page.location) return reply.header('cache-control', 'no-cache').redirect(page.location, 301);
      return reply
        .status(page.status)
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(fillTemplate(template, page));
    },
  };
}
