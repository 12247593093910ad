import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addCartItem } from './cart.ts';
import { createFlashSale } from './flash-sales.ts';
import { issueOf } from './issues.ts';

const firstIssue = (schema: z.ZodType, value: unknown) => issueOf(schema.safeParse(value).error!.issues[0]!);

describe('message keys of field problems', () => {
  it('keys a contract message by what it means, whatever its wording', () => {
    expect(firstIssue(addCartItem.body!, { product_id: 1, quantity: 1.5 })).toEqual({ key: 'whole_number' });
    const sale = { productId: 1, salePrice: '12.5.0', startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-02T00:00:00.000Z' };
    expect(firstIssue(createFlashSale.body!, sale)).toEqual({ key: 'invalid_price' });
  });

  it('reads the bounds of a generic problem from the schema', () => {
    expect(firstIssue(z.string().max(5), 'toolong')).toEqual({ key: 'too_long', params: { max: 5 } });
    expect(firstIssue(z.string().min(1), '')).toEqual({ key: 'required' });
  });
});
