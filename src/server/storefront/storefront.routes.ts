import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '#contracts/errors';
import type { CreatePageRenderer } from './page-renderer.ts';
import { serverRenderedPages } from './server-rendered-pages.ts';
import type { CatalogCache } from '../catalog-cache/catalog-cache.ts';

const API_PREFIX = /^\/(api|media)(\/|$)/;

export interface StorefrontOptions {
  /** Folder of the built storefront; omitted in API tests. */
  webRoot?: string;
  /** The storefront's server build, which renders the public pages; without it every page renders in the browser. */
  createPageRenderer?: CreatePageRenderer;
  publicUrl: string;
  /** Where rendered pages are kept, with the answers they show. */
  catalogCache: CatalogCache;
}

/**
 * Serves the built storefront: hashed assets cached for a year, pages never cached. The public pages are rendered
 * on the server (an unknown path answers 404 with the not-found page); every other path gets index.html, so client
 * routes survive a reload.
 */
export async function registerStorefront(
  app: FastifyInstance, { webRoot, createPageRenderer, publicUrl, catalogCache }: StorefrontOptions,
): Promise<void> {
  const hasStorefront = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  if (hasStorefront) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const pages = hasStorefront && createPageRenderer ? serverRenderedPages(app, createPageRenderer, { webRoot, publicUrl, catalogCache }) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (API_PREFIX.test(pathname) || !hasStorefront || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ detail: 'Not found.' } satisfies ErrorBody);
    }
    if (path.extname(pathname) !== '' && !pathname.endsWith('.html')) {
      const file = pathname.slice(1);
      if (existsSync(path.join(webRoot, file))) return reply.sendFile(file);
      return reply.status(404).send({ detail: 'Not found.' } satisfies ErrorBody);
    }
    if (pages?.rendersPath(pathname)) {
      try {
        return await pages.answer(request, reply);
      } catch (error) {
        // The browser can still render the page: a failed server render costs speed, never the page.
        request.log.error({ err: error }, 'server rendering failed');
      }
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
