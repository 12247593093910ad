import { randomInt } from 'node:crypto';
import { TYPED_SANDBOX_REFERENCE, type DirectProvider } from './payment-provider.ts';
import { bankDecline } from './sandbox-outcomes.ts';

/** HBL Pay's sandbox: PIN 0000 declines, any other well-formed account and PIN is debited. */
export function createHblPaySandbox(): DirectProvider<'hbl_pay'> {
  return {
    method: 'hbl_pay',
    async charge({ data }) {
      const decline = bankDecline(data.bankPin);
      if (decline) return { status: 'failed', reference: '', ...decline };
      return { status: 'succeeded', reference: `${TYPED_SANDBOX_REFERENCE}HBL${randomInt(100_000_000, 999_999_999)}`, message: 'Account debited.' };
    },
  };
}
