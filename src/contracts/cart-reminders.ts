import { z } from 'zod';
import { defineContract } from './define.ts';
import { message } from './issues.ts';
import { staffAccess } from './staff-roles.ts';

/**
 * Reminders of carts left behind. A cart holding items and untouched for `idle_hours` mails its owner once (again only
 * after they change it and leave it again), with a link back to the cart, and the promo code named here, if any,
 * while that code applies. Buyers turn them off in their notification settings (`cartReminders`).
 */
export const MIN_IDLE_HOURS = 1;
export const MAX_IDLE_HOURS = 720;
/** How often carts are looked at: a reminder goes out at most this long after a cart's period ends. */
export const REMINDER_SWEEP_MINUTES = 15;

export const cartReminderSettings = z.object({
  enabled: z.boolean(),
  idle_hours: z.number().int(),
  /** The promo code offered in the mail; null for none. */
  promo_code: z.string().nullable(),
});
export type CartReminderSettings = z.infer<typeof cartReminderSettings>;

const HOURS = message('whole_number', `Enter a whole number of hours from ${MIN_IDLE_HOURS} to ${MAX_IDLE_HOURS}.`);
export const PROMO_CODE_UNKNOWN = message('promo_code_unknown', 'No promo code has this code.');

export const cartReminderSettingsBody = z.object({
  enabled: z.boolean({ message: 'Choose whether reminders are sent.' }),
  idle_hours: z.number({ message: HOURS }).int(HOURS).min(MIN_IDLE_HOURS, HOURS).max(MAX_IDLE_HOURS, HOURS),
  /** A promo code by its code, in any case; empty or null for no discount. */
  promo_code: z.string().trim().max(50, PROMO_CODE_UNKNOWN).nullable()
    .transform((code) => (code ? code.toUpperCase() : null)),
});
export type CartReminderSettingsBody = z.input<typeof cartReminderSettingsBody>;

/** GET /api/staff/cart-reminders/: the settings as they are. */
export const getCartReminderSettings = defineContract({
  method: 'GET',
  path: '/api/staff/cart-reminders/',
  staff: staffAccess.sales,
  response: cartReminderSettings,
  errors: ['STAFF_ONLY'],
});

/** PUT /api/staff/cart-reminders/: the settings whole; a code no promo code has is refused on `promo_code` (400). */
export const updateCartReminderSettings = defineContract({
  method: 'PUT',
  path: '/api/staff/cart-reminders/',
  staff: staffAccess.sales,
  body: cartReminderSettingsBody,
  response: cartReminderSettings,
  errors: ['STAFF_ONLY'],
});
