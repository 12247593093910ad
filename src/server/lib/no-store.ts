import type { FastifyInstance } from 'fastify';

/**
 * Registers routes whose every answer, errors included, carries `cache-control: no-store`: staff screens that must
 * never show a copy kept by a browser or proxy.
 */
export async function registerNoStore(app: FastifyInstance, register: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    register(scope);
  });
}
