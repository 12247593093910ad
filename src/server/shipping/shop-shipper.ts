import type { Config } from '../config.ts';
import type { Party } from './carriers/carrier.ts';

/** The country the shop ships from: a consignee elsewhere makes the shipment an export. */
export const SHOP_COUNTRY = 'PK';

/** The shop as the sender of its parcels (SHIPPER_* settings). */
export const shopShipper = (config: Config): Party => ({
  name: 'Sialkot Surgical',
  address: config.SHIPPER_ADDRESS,
  city: config.SHIPPER_CITY,
  country: SHOP_COUNTRY,
  postalCode: config.SHIPPER_POSTAL_CODE,
  phone: config.SHIPPER_PHONE,
  email: config.SHIPPER_EMAIL,
});
