import type { DepartmentAddress } from '#contracts/organisation-purchasing';

/** A department's address on one line: company, street, city and postal code. */
export const addressLine = (address: DepartmentAddress) =>
  [address.company, address.address, `${address.city} ${address.postalCode}`.trim()].filter(Boolean).join(', ');

/** Who an address is for, when it names someone. */
export const addressee = (address: DepartmentAddress) => `${address.firstName} ${address.lastName}`.trim();
