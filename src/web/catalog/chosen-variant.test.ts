import { describe, expect, it } from 'vitest';
import { variantFixture as variant } from '../test/variant-fixture.ts';
import { valueInStock, variantAfterChoice, variantFromLink } from './chosen-variant.ts';

const variants = [
  variant(1, { Length: '14 cm', Tip: 'Straight' }, 0),
  variant(2, { Length: '14 cm', Tip: 'Curved' }, 4),
  variant(3, { Length: '18 cm', Tip: 'Straight' }, 9),
  variant(4, { Length: '18 cm', Tip: 'Curved' }, 0),
  variant(5, { Length: '23 cm', Tip: 'Curved' }, 2),
];

describe('the variant a product page shows', () => {
  it('is the one the link names', () => {
    expect(variantFromLink(variants, '4')?.id).toBe(4);
  });

  it('is the first in stock when the link names none, or one of another product', () => {
    expect(variantFromLink(variants, null)?.id).toBe(2);
    expect(variantFromLink(variants, '99')?.id).toBe(2);
  });

  it('keeps the other choices when the new value has them', () => {
    expect(variantAfterChoice(variants, variants[1]!, 'Length', '18 cm')?.id).toBe(4);
  });

  it('moves to the closest variant carrying the value when the exact one does not exist', () => {
    expect(variantAfterChoice(variants, variants[2]!, 'Length', '23 cm')?.id).toBe(5);
  });

  it('tells a value no variant in stock carries', () => {
    expect(valueInStock(variants, 'Tip', 'Straight')).toBe(true);
    expect(valueInStock([variants[0]!, variants[3]!], 'Length', '14 cm')).toBe(false);
  });
});
