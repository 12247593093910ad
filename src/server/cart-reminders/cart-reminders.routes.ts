import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/cart-reminders';
import { audited, rowOf } from '../audit/audited.ts';
import type { RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { cartReminderSettings } from '../db/schema/cart.ts';
import { route } from '../lib/route.ts';
import { loadReminderSettings, saveReminderSettings, settingsView } from './cart-reminder-settings.ts';

/** Staff's settings for reminders of carts left behind: the period, whether they are sent, and the code they offer. */
export function registerCartReminderRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  route(app, contracts.getCartReminderSettings, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return settingsView(await loadReminderSettings(db));
  }, staff);
  route(app, contracts.updateCartReminderSettings, async (request) => saveReminderSettings(db, request.body), {
    ...staff,
    audit: audited(db, {
      action: 'cart_reminders.update', entity: 'cart_reminders', id: () => 1, snapshot: rowOf(db, cartReminderSettings, cartReminderSettings.id),
    }),
  });
}
