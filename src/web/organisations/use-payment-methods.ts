import { useQuery } from '@tanstack/react-query';
import { CHECKOUT_METHODS, GATEWAY_METHODS, type CheckoutMethod } from '#contracts/payment';
import type { CurrentUser } from '../auth/normalize-user.ts';
import { myOrganisationQuery } from './organisations.api.ts';

/** The methods this buyer may choose: Pay by invoice only for an organisation on terms (the server checks it again). */
export function usePaymentMethods(user: CurrentUser | null): readonly CheckoutMethod[] {
  const business = user?.accountType === 'business';
  const { data } = useQuery({ ...myOrganisationQuery(), enabled: business });
  return business && data?.can_pay_by_invoice ? CHECKOUT_METHODS : GATEWAY_METHODS;
}
