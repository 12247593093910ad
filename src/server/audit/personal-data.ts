/**
 * Fields of the records the trail keeps that say who a person is or where they live: a buyer's name, email, phone and
 * address on an order, the recipient of a mail. Only the owner reads them in the trail; every other role reads the
 * entries without them (each role still sees a buyer on the screens its own routes open, where it needs to).
 */
const PERSONAL_FIELDS = new Set([
  'email', 'firstName', 'lastName', 'first_name', 'last_name', 'fullName', 'phone', 'company',
  'address', 'city', 'postalCode', 'postal_code', 'shippingAddress', 'billingAddress', 'to',
]);

/** A copy of a kept record, at any depth, without personal fields. */
export function withoutPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPersonalData);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value)
    .filter(([field]) => !PERSONAL_FIELDS.has(field))
    .map(([field, inner]) => [field, withoutPersonalData(inner)]));
}
