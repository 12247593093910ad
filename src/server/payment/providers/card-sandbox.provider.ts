import { randomBytes } from 'node:crypto';
import { TYPED_SANDBOX_REFERENCE, type DirectProvider } from './payment-provider.ts';
import { cardDecline } from './sandbox-outcomes.ts';

/** A card gateway's sandbox: 4000 0000 0000 0002 declines, every other valid card is charged. */
export function createCardSandbox(): DirectProvider<'credit_card'> {
  return {
    method: 'credit_card',
    async charge({ data }) {
      const decline = cardDecline(data.cardNumber);
      if (decline) return { status: 'failed', reference: '', ...decline };
      return { status: 'succeeded', reference: `${TYPED_SANDBOX_REFERENCE}ch_${randomBytes(12).toString('hex')}`, message: 'Card payment approved.' };
    },
  };
}
