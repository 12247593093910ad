import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { payRequest } from '#contracts/organisation-purchasing';
import { processPayment } from '#contracts/payment';
import { approvePrivateLabelProof, payPrivateLabelBalance } from '#contracts/private-label';
import { acceptQuote } from '#contracts/quotes';
import { apiError } from '../lib/errors.ts';

/** The routes whose body is a payment (paymentBy in src/contracts/payment.ts). */
const PAYING = [processPayment, acceptQuote, payRequest, approvePrivateLabelProof, payPrivateLabelBalance] as const;

/** A card's details, a bank account's, or a PIN: typed on the gateway's page in live mode, never on the shop's. */
const CARD_DATA_FIELDS = ['cardNumber', 'expiry', 'cvv', 'cardName', 'accountNumber', 'bankPin', 'pin'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The card data fields a payment body's paymentData carries; a wallet's mobile number alone is none. */
export function cardDataFields(body: unknown): string[] {
  const data = isRecord(body) ? body.paymentData : undefined;
  return isRecord(data) ? CARD_DATA_FIELDS.filter((field) => data[field] !== undefined) : [];
}

const refuse: preValidationAsyncHookHandler = async (request) => {
  if (cardDataFields(request.body).length === 0) return;
  throw apiError(PAYING, 'CARD_DATA_NOT_ACCEPTED', 400,
    'This shop takes no card number, security code or PIN: leave them out and pay on the payment provider\'s page.');
};

/**
 * In live mode, every payment route registered after this refuses card data (400 CARD_DATA_NOT_ACCEPTED) once the
 * caller is signed in and before the body is validated, so nothing is written or charged and no validation message
 * repeats what was typed.
 */
export function refuseCardData(app: FastifyInstance, mode: 'sandbox' | 'live'): void {
  if (mode !== 'live') return;
  const paying = new Set(PAYING.map((contract) => `${contract.method} ${contract.path}`));
  app.addHook('onRoute', (options) => {
    if (!paying.has(`${[options.method].flat().join()} ${options.url}`)) return;
    options.preValidation = [...[options.preValidation ?? []].flat(), refuse];
  });
}
