import type { DeclineReason } from '#contracts/errors';

/**
 * The sandboxes' documented test credentials (README, 'Sandbox test credentials'): these decline, anything else
 * that is well-formed succeeds.
 */
export const SANDBOX_DECLINING_PIN = '0000';
export const SANDBOX_BLOCKED_WALLET = '03000000000';
export const SANDBOX_DECLINED_CARD = '4000000000000002';

export interface SandboxDecline {
  reason: DeclineReason;
  message: string;
}

export function walletDecline(mobile: string, pin: string): SandboxDecline | null {
  if (mobile === SANDBOX_BLOCKED_WALLET) return { reason: 'account_blocked', message: 'Payment declined: the wallet account is blocked.' };
  if (pin === SANDBOX_DECLINING_PIN) return { reason: 'insufficient_funds', message: 'Payment declined: insufficient funds in wallet.' };
  return null;
}

export const bankDecline = (pin: string): SandboxDecline | null => (pin === SANDBOX_DECLINING_PIN
  ? { reason: 'insufficient_funds', message: 'Payment declined: insufficient funds in account.' }
  : null);

export const cardDecline = (cardNumber: string): SandboxDecline | null => (cardNumber === SANDBOX_DECLINED_CARD
  ? { reason: 'card_declined', message: 'Payment declined: your card was declined.' }
  : null);
