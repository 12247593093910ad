import type { ProcessPaymentInput } from '#contracts/payment';

/** What may be kept of the buyer's payment details: never the full number, CVV or PIN. */
export interface MaskedInstrument {
  cardBrand: string | null;
  cardLast4: string | null;
  walletMasked: string | null;
  accountMasked: string | null;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^62/.test(digits)) return 'unionpay';
  return 'card';
}

/** '03001234567' → '0300****567' */
export const maskWallet = (mobile: string): string => `${mobile.slice(0, 4)}****${mobile.slice(-3)}`;
export const maskAccount = (account: string): string => `****${account.slice(-4)}`;

export function maskInstrument(body: ProcessPaymentInput): MaskedInstrument {
  const none = { cardBrand: null, cardLast4: null, walletMasked: null, accountMasked: null };
  // Paid on the gateway's page: the instrument never reaches the shop.
  if (!body.paymentData) return none;
  switch (body.paymentMethod) {
    case 'jazzcash':
    case 'easypaisa':
      return { ...none, walletMasked: maskWallet(body.paymentData.mobile) };
    case 'hbl_pay':
      return { ...none, accountMasked: maskAccount(body.paymentData.accountNumber) };
    case 'credit_card':
      return { ...none, cardBrand: cardBrand(body.paymentData.cardNumber), cardLast4: body.paymentData.cardNumber.slice(-4) };
    case 'invoice':
    case 'cash_on_delivery':
      return none;
  }
}
