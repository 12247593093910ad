import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '#contracts/errors';

const API_PREFIX = /^\/(api|media)(\/|$)/;

/**
 * Serves the built storefront: hashed assets cached for a year, index.html never cached,
 * and every non-API path answered with index.html so client routes survive a reload.
 */
export async function registerStorefront(app: FastifyInstance, webRoot?: string): Promise<void> {
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (API_PREFIX.test(pathname) || !hasStorefront || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ detail: 'Not found.' } satisfies ErrorBody);
    }
    if (path.extname(pathname) !== '' && !pathname.endsWith('.html')) {
      const file = pathname.slice(1);
      if (existsSync(path.join(webRoot, file))) return reply.sendFile(file);
      return reply.status(404).send({ detail: 'Not found.' } satisfies ErrorBody);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
