import { z } from 'zod';
import { defineContract } from './define.ts';
import { shippingAddressFields, withPostalRule } from './payment.ts';

const label = z.string().trim().max(50, 'Enter at most 50 characters.');
const defaults = { isDefaultShipping: z.boolean(), isDefaultBilling: z.boolean() };

/** A saved address; the fields follow the checkout's shipping form rules. */
export const savedAddress = z.object({
  id: z.string(),
  label: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  phone: z.string(),
  ...defaults,
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddress>;

export const addressBody = withPostalRule(shippingAddressFields.extend({
  label: label.optional().transform((v) => v ?? ''),
  isDefaultShipping: defaults.isDefaultShipping.optional().transform((v) => v ?? false),
  isDefaultBilling: defaults.isDefaultBilling.optional().transform((v) => v ?? false),
}));
export type AddressInput = z.input<typeof addressBody>;

const idParams = z.object({ id: z.uuid({ message: 'Address not found.' }) });

/** Signed in; defaults first, then newest. */
export const listAddresses = defineContract({
  method: 'GET',
  path: '/api/addresses/',
  response: z.object({ addresses: z.array(savedAddress) }),
});

/** Making an address the default shipping (or billing) one takes that flag from the user's other addresses. */
export const createAddress = defineContract({
  method: 'POST',
  path: '/api/addresses/',
  body: addressBody,
  response: savedAddress,
  status: 201,
});

export const updateAddress = defineContract({
  method: 'PATCH',
  path: '/api/addresses/:id/',
  params: idParams,
  /** The postal code is checked against the country the address will have (the one sent, else its own). */
  body: shippingAddressFields.partial().extend({
    label: label.optional(),
    isDefaultShipping: defaults.isDefaultShipping.optional(),
    isDefaultBilling: defaults.isDefaultBilling.optional(),
  }),
  response: savedAddress,
});

export const deleteAddress = defineContract({
  method: 'DELETE',
  path: '/api/addresses/:id/',
  params: idParams,
  response: z.object({ detail: z.string() }),
});
