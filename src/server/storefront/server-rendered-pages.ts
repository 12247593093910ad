import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CURRENCIES } from '#contracts/auth';
import type { ApiTransport, CreatePageRenderer, PageRequest, RenderedPage } from './page-renderer.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.ts';
import { CATALOG_TAGS_HEADER } from '../catalog-cache/catalog-tags.ts';
import { keptBody, sendKeptBody, type KeptBody } from '../catalog-cache/kept-body.ts';

/** What one render showed: the tags of its API answers, and whether every one of them could be kept. */
interface RenderSources {
  tags: Set<string>;
  keepable: boolean;
}

const LOCALES = ['en', 'ur', 'ar'] as const;
const MAX_REDIRECTS = 3;
const MAX_REMEMBERED_PATHS = 10_000;

/** A rendered page as it is kept: the whole document, or where a moved page lives now. */
interface PageAnswer {
  status: number;
  location?: string;
  document: KeptBody;
}

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

/**
 * The pages' API calls answered by this server's own routes, in its process, as a visitor who is signed out. Each
 * answer's tags go to the render that asked (`sources`); an answer without them makes the page one not to keep.
 */
function inProcessTransport(app: FastifyInstance, sources: AsyncLocalStorage<RenderSources>): ApiTransport {
  return async (url, init) => {
    let target = url;
    for (let hop = 0; ; hop++) {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: target,
        headers: { accept: 'application/json', [CATALOG_TAGS_HEADER]: '?', ...(init.headers as Record<string, string> | undefined) },
        payload: init.body as string | undefined,
      });
      const render = sources.getStore();
      const tags = answer.headers[CATALOG_TAGS_HEADER];
      if (render && typeof tags === 'string') tags.split(' ').filter(Boolean).forEach((tag) => render.tags.add(tag));
      else if (render) render.keepable = false;
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
  { webRoot, publicUrl, catalogCache }: { webRoot: string; publicUrl: string; catalogCache: CatalogCache },
): ServerRenderedPages {
  const sources = new AsyncLocalStorage<RenderSources>();
  const renderer = createRenderer(inProcessTransport(app, sources));
  const template = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  /**
   * A page is kept like the answers it shows, under all their tags, so it is dropped exactly when one of them is. A
   * page that showed an answer the cache does not keep (exchange rates, the shop's setup), or a redirect, is not kept.
   */
  const rendered = (page: PageRequest) => catalogCache.remember(`page ${page.locale} ${page.currency} ${page.url}`, async () => {
    const render: RenderSources = { tags: new Set(), keepable: true };
    const value = await sources.run(render, () => renderer.render(page));
    const answer: PageAnswer = { status: value.status, location: value.location, document: keptBody(fillTemplate(template, value)) };
    return { value: answer, tags: [...render.tags], ...(render.keepable && !value.location ? {} : { until: 0 }) };
  });
  // Which paths are pages is decided once per path: matching against the route table costs more than a kept page.
  const pagePaths = new Map<string, boolean>();
  return {
    rendersPath(pathname) {
      let renders = pagePaths.get(pathname);
      if (renders === undefined) {
        renders = renderer.rendersPath(pathname);
        if (pagePaths.size >= MAX_REMEMBERED_PATHS) pagePaths.clear();
        pagePaths.set(pathname, renders);
      }
      return renders;
    },
    async answer(request, reply) {
      const page = await rendered({ url: request.url, origin: publicUrl, ...choicesOf(request) });
      if (page.location) return reply.header('cache-control', 'no-cache').redirect(page.location, 301);
      return sendKeptBody(reply.status(page.status).header('cache-control', 'no-cache').header('vary', 'Cookie'), page.document, 'text/html; charset=utf-8');
    },
  };
}
