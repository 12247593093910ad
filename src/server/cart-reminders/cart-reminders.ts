import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { carts } from '../db/schema/cart.ts';
import { users } from '../db/schema/users.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { priceCart, type CartDeps } from '../cart/cart.service.ts';
import { promoProblem } from '../promo/promo.service.ts';
import { cartReminderMail } from './cart-reminder-mail.ts';
import { loadReminderSettings } from './cart-reminder-settings.ts';

export interface CartReminderDeps extends CartDeps {
  publicUrl: string;
}

const BATCH = 100;
const HOUR_MS = 3_600_000;

/**
 * A cart left behind since `cutoff`, whose owner has not been reminded of it since they last touched it. Its last touch
 * is the later of the cart's `updated_at` (which every change of the cart moves, a line removed included) and its
 * lines'. Its owner is a verified buyer (not staff), still active, who has not turned reminders off, and who is not
 * paying for an order right now (a pending order: the cart leaves with the payment). Written against "carts" by name,
 * since the same condition selects the carts and claims each one.
 */
function leftBehind(cutoff: Date): SQL {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  return sql`"carts"."updated_at" <= ${at}
    and exists (select 1 from cart_items line where line.cart_id = "carts"."id")
    and not exists (select 1 from cart_items line where line.cart_id = "carts"."id" and line.updated_at > ${at})
    and ("carts"."reminded_at" is null or "carts"."reminded_at" < greatest("carts"."updated_at",
      (select max(line.updated_at) from cart_items line where line.cart_id = "carts"."id")))
    and exists (select 1 from users owner where owner.id = "carts"."user_id" and owner.is_verified
      and owner.deactivated_at is null and owner.staff_role is null
      and coalesce((owner.notifications ->> 'cartReminders')::boolean, true))
    and not exists (select 1 from orders pending where pending.user_id = "carts"."user_id" and pending.status = 'pending')`;
}

/**
 * Mails the owner of each cart left behind for the period staff set, once: the cart is claimed (its `reminded_at` set)
 * in the transaction that writes the mail to the outbox, by a statement that only succeeds while the cart is still left
 * behind, so two sweeps at once (in this process or another) mail it once, and a cart changed meanwhile is not mailed.
 * The mail lists the cart as the cart prices it now, links back to it, and offers the promo code staff chose only while
 * that code applies to this cart. Nothing is sent while staff have turned reminders off. Answers how many were mailed.
 */
export async function sendCartReminders(deps: CartReminderDeps, now = new Date()): Promise<number> {
  const settings = await loadReminderSettings(deps.db);
  if (!settings.enabled) return 0;
  const cutoff = new Date(now.getTime() - settings.idleHours * HOUR_MS);
  let mailed = 0;
  let after = 0;
  for (;;) {
    const due = await deps.db.select({ id: carts.id, userId: carts.userId }).from(carts)
      .where(and(leftBehind(cutoff), gt(carts.id, after))).orderBy(asc(carts.id)).limit(BATCH);
    for (const cart of due) {
      if (await remind(deps, cart, cutoff, settings.promo, now)) mailed++;
    }
    if (due.length < BATCH) return mailed;
    after = due[due.length - 1].id;
  }
}

async function remind(
  deps: CartReminderDeps, cart: { id: number; userId: string }, cutoff: Date,
  promo: Awaited<ReturnType<typeof loadReminderSettings>>['promo'], now: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx.update(carts).set({ remindedAt: now })
      .where(and(eq(carts.id, cart.id), leftBehind(cutoff))).returning({ id: carts.id });
    if (!claimed) return false;
    const [owner] = await tx.select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users).where(eq(users.id, cart.userId));
    const priced = await priceCart({ db: tx as Db, taxBasisPoints: deps.taxBasisPoints }, cart.userId, cart.id, now);
    const subtotalCents = priced.totals.subtotalCents;
    const offered = promo && !(await promoProblem(tx as Db, promo, cart.userId, subtotalCents, now)) ? promo : null;
    await enqueueMail(tx, {
      kind: 'cart_reminder',
      ...cartReminderMail({
        to: owner, lines: priced.lines, subtotalCents, promo: offered,
        cartLink: `${deps.publicUrl}/cart`, settingsLink: `${deps.publicUrl}/profile/settings?tab=notifications`,
      }),
    });
    return true;
  });
}
