import { describe, expect, it } from 'vitest';
import { RETURN_REASONS, type ReturnReason } from '#contracts/returns';
import type { orderItems, orders } from '../db/schema/orders.ts';
import { returnAmounts } from './return-amounts.ts';
import type { Policy } from './return-policy.ts';

/** $200.00 of goods less a $20.00 promo, taxed 17 % on the $180.00 left: $30.60. */
const order = { subtotalCents: 20_000, discountCents: 2_000, taxCents: 3_060 } as typeof orders.$inferSelect;
/** Four units at $50.00. */
const line = { id: 7, name: 'Senn Retractor', variantLabel: 'Small', modelNumber: 'SR-1', quantity: 4, lineTotalCents: 20_000 } as typeof orderItems.$inferSelect;

const policy = (paidBy: Partial<Record<ReturnReason, 'shop' | 'buyer'>> = {}): Policy => ({
  windowDays: 30, restockingFeePercent: 15, returnShippingFeeCents: 1_500, exclusions: new Map(),
  shippingPaidBy: { damaged: 'shop', wrong_item: 'shop', not_as_described: 'shop', defective: 'shop', no_longer_needed: 'buyer', recall: 'shop', ...paidBy },
});

describe('what a return gives back', () => {
  it('credits each unit at its share of the line after the order\'s discount, with its share of the tax', () => {
    const amounts = returnAmounts(order, [{ item: line, quantity: 1, reason: 'damaged' }], policy());
    // $50.00 less a tenth of the promo ($5.00) = $45.00; tax 17 % of it = $7.65.
    expect(amounts).toMatchObject({ linesCents: 4_500, taxCents: 765, feesCents: 0, totalCents: 5_265 });
    expect(amounts.lines).toEqual([{ orderItemId: 7, name: 'Senn Retractor', variantLabel: 'Small', modelNumber: 'SR-1', quantity: 1, unitPriceCents: 5_000, totalCents: 4_500 }]);
  });

  it.each(RETURN_REASONS.filter((reason) => reason !== 'no_longer_needed'))('keeps nothing back for %s while the shop pays the shipping', (reason) => {
    expect(returnAmounts(order, [{ item: line, quantity: 2, reason }], policy()).feesCents).toBe(0);
  });

  it('keeps back the restocking fee and the return shipping for "no longer needed"', () => {
    const amounts = returnAmounts(order, [{ item: line, quantity: 2, reason: 'no_longer_needed' }], policy());
    // 15 % of $90.00 = $13.50, and $15.00 of return shipping.
    expect(amounts).toMatchObject({ linesCents: 9_000, taxCents: 1_530, feesCents: 2_850, totalCents: 9_000 + 1_530 - 2_850 });
  });

  it('charges the return shipping once for a reason staff made the buyer\'s, and never for a recall', () => {
    const buyerPays = policy({ defective: 'buyer', recall: 'buyer' });
    expect(returnAmounts(order, [{ item: line, quantity: 1, reason: 'defective' }, { item: line, quantity: 1, reason: 'defective' }], buyerPays).feesCents).toBe(1_500);
    expect(returnAmounts(order, [{ item: line, quantity: 1, reason: 'recall' }], buyerPays).feesCents).toBe(0);
  });

  it('never keeps back more than it gives', () => {
    const cheap = { ...line, lineTotalCents: 400 } as typeof orderItems.$inferSelect;
    const amounts = returnAmounts({ ...order, subtotalCents: 400, discountCents: 0, taxCents: 0 }, [{ item: cheap, quantity: 1, reason: 'no_longer_needed' }], policy());
    expect(amounts).toMatchObject({ linesCents: 100, feesCents: 100, totalCents: 0 });
  });
});
