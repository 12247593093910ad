import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { contentSecurityPolicy } from './storefront/content-security-policy.ts';
import { registerStorefront } from './storefront/storefront.routes.ts';
import { registerHealthRoutes } from './health/health.routes.ts';
import { registerCatalogRoutes } from './catalog/catalog.routes.ts';
import { registerMediaRoutes } from './media/media.routes.ts';
import { registerDocumentRoutes } from './documents/documents.routes.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Folder of the built storefront; omitted in API tests. */
  webRoot?: string;
  /** Request logs go here; API tests leave it out. */
  logger?: FastifyBaseLogger;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, { contentSecurityPolicy: { directives: contentSecurityPolicy } });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false });
  registerErrorHandler(app);

  const { db } = deps.database;
  registerHealthRoutes(app, deps);
  registerCatalogRoutes(app, db);
  registerMediaRoutes(app);
  registerDocumentRoutes(app, db);
  await registerStorefront(app, deps.webRoot);
  return app;
}
