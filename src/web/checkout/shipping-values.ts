import { shippingAddress, type ShippingAddress } from '#contracts/payment';
import type { CurrentUser } from '../auth/use-current-user.ts';

export type ShippingField = keyof ShippingAddress;
export type ShippingValues = Record<ShippingField, string>;
export type ShippingErrors = Partial<Record<ShippingField, string>>;

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

/** Checked by the same schema as the server's, so the messages match. */
export function shippingErrors(values: ShippingValues): ShippingErrors {
  const parsed = shippingAddress.safeParse(values);
  const errors: ShippingErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ShippingField;
    errors[field] ??= issue.message;
  }
  return errors;
}
