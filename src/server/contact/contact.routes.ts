import type { FastifyInstance } from 'fastify';
import { CONTACT_THANKS, submitContact } from '#contracts/contact';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { submitContactMessage } from './contact.service.ts';

export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' };

export function registerContactRoutes(app: FastifyInstance, deps: { database: Database; config: Pick<Config, 'SHOP_EMAIL'> }): void {
  route(app, submitContact, async (request) => {
    const id = await submitContactMessage(
      { db: deps.database.db, shopEmail: deps.config.SHOP_EMAIL },
      request.body,
      { ip: request.ip, userAgent: request.headers['user-agent'] },
    );
    return { id, detail: CONTACT_THANKS };
  }, { config: { rateLimit: CONTACT_RATE_LIMIT } });
}
