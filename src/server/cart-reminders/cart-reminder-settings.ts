import { eq } from 'drizzle-orm';
import { PROMO_CODE_UNKNOWN, type CartReminderSettings } from '#contracts/cart-reminders';
import type { BodyOf } from '#contracts/define';
import type { updateCartReminderSettings } from '#contracts/cart-reminders';
import type { Db, DbOrTx } from '../db/client.ts';
import { cartReminderSettings } from '../db/schema/cart.ts';
import { promoCodes } from '../db/schema/promo.ts';
import { badRequest } from '../lib/errors.ts';
import type { PromoRow } from '../promo/promo.service.ts';

export interface ReminderSettings {
  enabled: boolean;
  idleHours: number;
  /** The promo code staff chose to offer, whatever its state: the mail offers it only while it applies. */
  promo: PromoRow | null;
}

/** The one row of settings (migration 0043 writes it). */
export async function loadReminderSettings(db: DbOrTx): Promise<ReminderSettings> {
  const [row] = await db.select({ settings: cartReminderSettings, promo: promoCodes }).from(cartReminderSettings)
    .leftJoin(promoCodes, eq(promoCodes.id, cartReminderSettings.promoCodeId))
    .where(eq(cartReminderSettings.id, 1));
  return { enabled: row.settings.enabled, idleHours: row.settings.idleHours, promo: row.promo };
}

export const settingsView = (settings: ReminderSettings): CartReminderSettings => ({
  enabled: settings.enabled, idle_hours: settings.idleHours, promo_code: settings.promo?.code ?? null,
});

/** Staff set the settings whole; a code that no promo code has is refused with nothing written. */
export async function saveReminderSettings(db: Db, body: BodyOf<typeof updateCartReminderSettings>): Promise<CartReminderSettings> {
  let promoCodeId: number | null = null;
  if (body.promo_code !== null) {
    const [promo] = await db.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, body.promo_code));
    if (!promo) throw badRequest({ promo_code: [PROMO_CODE_UNKNOWN] });
    promoCodeId = promo.id;
  }
  await db.update(cartReminderSettings)
    .set({ enabled: body.enabled, idleHours: body.idle_hours, promoCodeId, updatedAt: new Date() })
    .where(eq(cartReminderSettings.id, 1));
  return settingsView(await loadReminderSettings(db));
}
