import { and, desc, eq, sql } from 'drizzle-orm';
import { MANUFACTURER_NOTICE_REQUIRED } from '#contracts/private-label';
import type { DbOrTx } from '../db/client.ts';
import { privateLabelItems, privateLabelProofs, privateLabelRequests } from '../db/schema/private-label.ts';
import { badRequest } from '../lib/errors.ts';
import type { OrderSource, SettleSource } from '../orders/order-source.ts';
import { quotedOrderLines } from '../orders/quoted-lines.ts';
import { cartTotals } from '../pricing/cart-totals.ts';
import { PAKISTAN_STANDARD, shippingFor } from '../shipping/checkout-shipping.ts';
import { findRequest } from './private-label-access.ts';
import { depositCents } from './private-label-deposit.ts';
import { mailPrivateLabelStep, type PrivateLabelMailDeps } from './private-label-mail.ts';
import { assertTransition } from './private-label-status.ts';
import { requestViews } from './private-label-view.ts';
import { recordStep, refuseWhilePaying } from './private-label.service.ts';

/** The request's items as order lines at their quoted unit prices, with what is in stock to mark. */
const quotedLines = (tx: DbOrTx, requestId: number) => quotedOrderLines(tx, {
  table: privateLabelItems, variantId: privateLabelItems.variantId, unitPriceCents: privateLabelItems.unitPriceCents,
  quantity: privateLabelItems.quantity, where: eq(privateLabelItems.requestId, requestId),
});

/**
 * Approving the proof sent places the order of the request: its items at the quoted unit prices, with tax and
 * shipping within Pakistan by the standard method as its quote showed them (no promo codes), through the same
 * placement as every checkout. A gateway takes the deposit now; the balance is paid before the order ships. The buyer must have confirmed the manufacturer notice (now or when sending). The
 * request stays locked while the order is placed; it becomes approved once the order is paid or put on invoice.
 * No spending-limit hold: the buyer's organisation decided on the request itself.
 */
export function privateLabelSource(taxBasisPoints: number, organisationId: string, id: number, noticeConfirmed: boolean): OrderSource {
  return {
    scope: `private-label:${id}`,
    async price(tx) {
      const row = await findRequest(tx, organisationId, id, true);
      assertTransition(row, 'buyer', 'approved');
      await refuseWhilePaying(tx, row);
      if (!row.manufacturerNoticeAt && !noticeConfirmed) throw badRequest({ manufacturer_notice: [MANUFACTURER_NOTICE_REQUIRED] });
      const lines = await quotedLines(tx, id);
      const shipping = await shippingFor(tx, lines, PAKISTAN_STANDARD, taxBasisPoints, 'orderDetails');
      const totals = cartTotals(lines, null, shipping);
      return { lines, shipping, totals, depositCents: depositCents(totals.grandTotalCents, row.depositPercent) ?? undefined };
    },
    async placed(tx, orderId) {
      await tx.update(privateLabelRequests).set({
        orderId, manufacturerNoticeAt: sql`coalesce(${privateLabelRequests.manufacturerNoticeAt}, now())`, updatedAt: new Date(),
      }).where(eq(privateLabelRequests.id, id));
    },
  };
}

/**
 * Settles the order of an approved proof, whoever confirms it: the latest proof is approved by the buyer who paid, the
 * request becomes approved, and the buyer and the shop are mailed (without `mail`, nobody is).
 */
export const privateLabelOrderSettled = (mail: PrivateLabelMailDeps | null, taxBasisPoints: number): SettleSource => async (tx, order) => {
  const [request] = await tx.select().from(privateLabelRequests).where(eq(privateLabelRequests.orderId, order.orderId));
  if (!request) return false;
  if (request.status !== 'proof_sent') return true;
  const [proof] = await tx.select({ id: privateLabelProofs.id }).from(privateLabelProofs).where(eq(privateLabelProofs.requestId, request.id))
    .orderBy(desc(privateLabelProofs.version)).limit(1);
  await tx.update(privateLabelProofs).set({ decision: 'approved', decidedBy: order.userId, decidedAt: new Date() })
    .where(and(eq(privateLabelProofs.id, proof.id)));
  const row = await recordStep(tx, request.id, 'approved', order.userId);
  if (mail) await mailPrivateLabelStep(tx, mail, request.userId, (await requestViews(tx, [row], taxBasisPoints, false))[0], 'approved');
  return true;
};
