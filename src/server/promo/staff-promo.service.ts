import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToDecimal, decimalToCents } from '#contracts/money';
import type { promoInput, StaffPromoCode } from '#contracts/promo';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { promoCodes } from '../db/schema/promo.ts';
import { badRequest, notFound } from '../lib/errors.ts';

type PromoInput = z.infer<typeof promoInput>;

const AUDIT_ENTITY = 'promo_code';

/** The discount of the orders that used the code: a failed payment's use is given back, so only live orders count. */
const discountGiven = sql<number>`(select coalesce(sum(o.discount_cents), 0)::int from promo_redemptions r
  join orders o on o.id = r.order_id where r.promo_code_id = "promo_codes"."id")`;

async function selectPromoCodes(db: DbOrTx, id?: number): Promise<StaffPromoCode[]> {
  const rows = await db.select({ promo: promoCodes, discountGiven }).from(promoCodes)
    .where(id === undefined ? undefined : eq(promoCodes.id, id))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return rows.map(({ promo, discountGiven: given }) => ({
    id: promo.id,
    code: promo.code,
    kind: promo.kind,
    // Basis points and cents are both hundredths of what the form shows (12.50 % or $12.50).
    value: centsToDecimal(promo.value),
    min_subtotal: centsToDecimal(promo.minSubtotalCents),
    starts_at: promo.startsAt?.toISOString() ?? null,
    expires_at: promo.expiresAt?.toISOString() ?? null,
    max_uses: promo.maxUses,
    per_user_limit: promo.perUserLimit,
    active: promo.active,
    uses: promo.uses,
    discount_given: centsToDecimal(Number(given)),
    created_at: promo.createdAt.toISOString(),
  }));
}

export const listStaffPromoCodes = (db: Db) => selectPromoCodes(db);

async function findPromoCode(db: DbOrTx, id: number): Promise<StaffPromoCode> {
  const [promo] = await selectPromoCodes(db, id);
  if (!promo) throw notFound('Promo code not found.');
  return promo;
}

const columns = (input: PromoInput) => ({
  code: input.code,
  kind: input.kind,
  value: decimalToCents(input.value),
  minSubtotalCents: decimalToCents(input.min_subtotal),
  startsAt: input.starts_at === null ? null : new Date(input.starts_at),
  expiresAt: input.expires_at === null ? null : new Date(input.expires_at),
  maxUses: input.max_uses,
  perUserLimit: input.per_user_limit,
  active: input.active,
});

async function assertCodeFree(tx: DbOrTx, code: string, exceptId?: number): Promise<void> {
  const [taken] = await tx.select({ id: promoCodes.id }).from(promoCodes)
    .where(and(eq(promoCodes.code, code), exceptId === undefined ? undefined : ne(promoCodes.id, exceptId)));
  if (taken) throw badRequest({ code: ['Another promo code has this code.'] });
}

export async function createPromoCode(db: Db, actor: Actor, input: PromoInput): Promise<StaffPromoCode> {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code);
    const [row] = await tx.insert(promoCodes).values(columns(input)).returning({ id: promoCodes.id });
    const promo = await findPromoCode(tx, row.id);
    await recordAudit(tx, actor, { action: 'promo_code.create', entity: AUDIT_ENTITY, entityId: row.id, after: promo });
    return promo;
  });
}

export async function updatePromoCode(db: Db, actor: Actor, id: number, input: PromoInput): Promise<StaffPromoCode> {
  return db.transaction(async (tx) => {
    // Locked, so no checkout claims a use between the check on max_uses and the write.
    await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    const before = await findPromoCode(tx, id);
    await assertCodeFree(tx, input.code, id);
    if (input.max_uses !== null && input.max_uses < before.uses) {
      throw badRequest({ max_uses: [`This code has been used ${before.uses} times: enter ${before.uses} or more.`] });
    }
    await tx.update(promoCodes).set(columns(input)).where(eq(promoCodes.id, id));
    const after = await findPromoCode(tx, id);
    await recordAudit(tx, actor, { action: 'promo_code.update', entity: AUDIT_ENTITY, entityId: id, before, after });
    return after;
  });
}
