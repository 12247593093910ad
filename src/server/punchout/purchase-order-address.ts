import type { DepartmentAddress } from '#contracts/organisation-purchasing';
import type { PurchaseOrderBuyer } from './purchase-order-buyer.ts';
import type { PurchaseOrderAddress } from './order-request.ts';

type Filler = Pick<PurchaseOrderBuyer, 'email' | 'phone' | 'firstName' | 'lastName'>;

/** Nothing to fill an address with: a bill-to is kept as the order gives it. */
export const AS_GIVEN: Filler = { email: '', phone: '', firstName: '', lastName: '' };

/** The person an address goes to in two parts: its first DeliverTo, else the buyer's name. */
function personOf(address: PurchaseOrderAddress, buyer: Filler) {
  const [first, ...rest] = (address.deliverTo[0] ?? '').split(/\s+/).filter(Boolean);
  if (!first) return { firstName: buyer.firstName, lastName: buyer.lastName };
  return { firstName: first, lastName: rest.join(' ') || buyer.lastName };
}

/**
 * A purchase order's address in the shop's shape: the street lines as the address (where a department's delivery
 * address is matched), the other DeliverTo lines after the organisation's name, and the buyer's email and phone where
 * the address has none. `country` is left out when the order does not give it.
 */
export function shopAddress(address: PurchaseOrderAddress, buyer: Filler): DepartmentAddress {
  return {
    ...personOf(address, buyer),
    email: address.email || buyer.email,
    phone: address.phone || buyer.phone,
    company: [address.name, ...address.deliverTo.slice(1)].filter(Boolean).join(', '),
    address: [...address.street, address.state].filter(Boolean).join(', '),
    city: address.city,
    postalCode: address.postalCode,
    country: address.country || 'PK',
  };
}

/** The street alone: how a department's delivery address is compared. */
export const streetOnly = (address: PurchaseOrderAddress, shaped: DepartmentAddress): DepartmentAddress =>
  ({ ...shaped, address: address.street.join(', ') });
