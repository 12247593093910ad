import { shippingAddress, type ShippingAddress } from '#contracts/payment';
import type { CurrentUser } from '../auth/use-current-user.ts';
import { firstIssues, type FormIssue } from './validation-messages.ts';

export type ShippingField = keyof ShippingAddress;
export type ShippingValues = Record<ShippingField, string>;
export type ShippingErrors = Partial<Record<ShippingField, FormIssue>>;

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
    phone: user?.profile.phone ?? '',
  };
}

/** Checked by the same schema as the server's, so the problems (and their keys) match. */
export function shippingErrors(values: ShippingValues): ShippingErrors {
  const parsed = shippingAddress.safeParse(values);
  return parsed.success ? {} : firstIssues<ShippingField>(parsed.error.issues);
}
