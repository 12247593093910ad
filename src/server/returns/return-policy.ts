import { asc, eq, inArray } from 'drizzle-orm';
import { centsToDecimal, decimalToCents } from '#contracts/money';
import { BUYER_RETURN_REASONS, type ReturnPolicy, type ReturnPolicyBody, type ReturnReason } from '#contracts/returns';
import type { Db, DbOrTx } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { returnExclusions, returnPolicy, returnReasons } from '../db/schema/returns.ts';
import { badRequest } from '../lib/errors.ts';

type Payer = (typeof returnReasons.shippingPaidBy.enumValues)[number];
type Exclusion = (typeof returnExclusions.reason.enumValues)[number];

export interface Policy {
  windowDays: number;
  restockingFeePercent: number;
  returnShippingFeeCents: number;
  /** Who pays the return shipping, per reason (a recall's is always the shop's: see returnAmounts). */
  shippingPaidBy: Record<ReturnReason, Payer>;
  /** Products that cannot be returned, and why. */
  exclusions: Map<number, Exclusion>;
}

export async function loadPolicy(db: DbOrTx): Promise<Policy> {
  const [[row], reasons, exclusions] = await Promise.all([
    db.select().from(returnPolicy).where(eq(returnPolicy.id, 1)),
    db.select().from(returnReasons),
    db.select().from(returnExclusions),
  ]);
  const shippingPaidBy = Object.fromEntries(reasons.map((reason) => [reason.code, reason.shippingPaidBy])) as Record<ReturnReason, Payer>;
  return {
    windowDays: row.windowDays,
    restockingFeePercent: row.restockingFeePercent,
    returnShippingFeeCents: row.returnShippingFeeCents,
    shippingPaidBy,
    exclusions: new Map(exclusions.map((exclusion) => [exclusion.productId, exclusion.reason])),
  };
}

/** The policy as answers carry it: the buyer's reasons in their order, exclusions with the product's name. */
export async function policyView(db: DbOrTx, policy: Policy): Promise<ReturnPolicy> {
  const excluded = [...policy.exclusions.keys()];
  const names = excluded.length
    ? await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, excluded)).orderBy(asc(products.name))
    : [];
  return {
    window_days: policy.windowDays,
    restocking_fee_percent: policy.restockingFeePercent,
    return_shipping_fee: centsToDecimal(policy.returnShippingFeeCents),
    reasons: BUYER_RETURN_REASONS.map((code) => ({ code, shipping_paid_by: policy.shippingPaidBy[code] })),
    exclusions: names.map((product) => ({ product_id: product.id, name: product.name, reason: policy.exclusions.get(product.id)! })),
  };
}

/** Staff set the policy whole: the numbers, each reason's payer, and the excluded products (400 for an unknown one). */
export async function savePolicy(db: Db, body: ReturnPolicyBody): Promise<ReturnPolicy> {
  await db.transaction(async (tx) => {
    const ids = [...new Set(body.exclusions.map((exclusion) => exclusion.product_id))];
    const known = ids.length ? await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)) : [];
    const unknown = body.exclusions.flatMap((exclusion, index) =>
      (known.some((row) => row.id === exclusion.product_id) ? [] : [[`exclusions.${index}.product_id`, ['No product has this id.']] as [string, string[]]]));
    if (unknown.length) throw badRequest(Object.fromEntries(unknown));
    await tx.update(returnPolicy).set({
      windowDays: body.window_days, restockingFeePercent: body.restocking_fee_percent,
      returnShippingFeeCents: decimalToCents(body.return_shipping_fee), updatedAt: new Date(),
    }).where(eq(returnPolicy.id, 1));
    for (const reason of body.reasons) {
      await tx.update(returnReasons).set({ shippingPaidBy: reason.shipping_paid_by }).where(eq(returnReasons.code, reason.code));
    }
    await tx.delete(returnExclusions);
    if (body.exclusions.length) {
      await tx.insert(returnExclusions).values(body.exclusions.map((exclusion) => ({ productId: exclusion.product_id, reason: exclusion.reason })))
        .onConflictDoNothing();
    }
  });
  const policy = await loadPolicy(db);
  return policyView(db, policy);
}
