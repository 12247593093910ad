import { shippingAddress, type ShippingAddress } from '#contracts/payment';
import type { CurrentUser } from '../auth/use-current-user.ts';
import { useContractForm } from '../forms/use-contract-form.ts';

export type ShippingField = keyof ShippingAddress;
export type ShippingValues = Record<ShippingField, string>;

/** What the account already knows: email, names, phone, address, and the hospital of a business account. */
export function shippingFromProfile(user: CurrentUser | null): ShippingValues {
  return {
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    company: user?.accountType === 'business' ? (user.profile.hospital_name ?? '') : '',
    address: user?.profile.address ?? '',
    city: '',
    postalCode: '',
    country: 'PK',
    phone: user?.profile.phone ?? '',
  };
}

/**
 * The shipping details, checked by the payment route's own shipping schema: a field's problem shows once the buyer
 * leaves it, then follows every change.
 */
export const useShippingForm = (user: CurrentUser | null) =>
  useContractForm(shippingAddress, { defaultValues: shippingFromProfile(user), mode: 'onTouched' });

export type ShippingFormApi = ReturnType<typeof useShippingForm>;
