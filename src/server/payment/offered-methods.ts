import { METHOD_CURRENCIES, PAYMENT_METHOD_LABELS, type GatewayMethod, type OfferedMethod, type CheckoutMethod } from '#contracts/payment';
import { GATEWAY_IDS, type GatewayId } from './gateways/gateway.ts';

/** The checkout method each gateway takes: Safepay is the card payment. */
const METHOD_OF_GATEWAY: Record<GatewayId, GatewayMethod> = {
  jazzcash: 'jazzcash',
  easypaisa: 'easypaisa',
  hbl_pay: 'hbl_pay',
  safepay: 'credit_card',
};

const offered = (id: CheckoutMethod, direct: boolean): OfferedMethod =>
  ({ id, label: PAYMENT_METHOD_LABELS[id], currencies: [...METHOD_CURRENCIES[id]], direct });

/**
 * What checkout offers: a method for each gateway present, in the gateways' order, then Pay by invoice and cash on
 * delivery (each only for whom and what the server allows). Card and bank details are typed on the shop's page only in
 * sandbox mode; live, the buyer types them on the gateway's page.
 */
export function offeredMethods(mode: 'sandbox' | 'live', gateways: Partial<Record<GatewayId, unknown>>): OfferedMethod[] {
  return [
    ...GATEWAY_IDS.filter((gateway) => gateways[gateway] !== undefined).map((gateway) => offered(METHOD_OF_GATEWAY[gateway], mode === 'sandbox')),
    offered('invoice', false),
    offered('cash_on_delivery', false),
  ];
}
