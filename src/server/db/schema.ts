import * as auth from './schema/auth.ts';
import * as cart from './schema/cart.ts';
import * as catalog from './schema/catalog.ts';
import * as inventory from './schema/inventory.ts';
import * as inventoryAlerts from './schema/inventory-alerts.ts';
import * as orders from './schema/orders.ts';
import * as payments from './schema/payments.ts';
import * as promo from './schema/promo.ts';
import * as search from './schema/search.ts';
import * as stockNotifications from './schema/stock-notifications.ts';
import * as users from './schema/users.ts';
import * as wishlist from './schema/wishlist.ts';
import * as addresses from './schema/addresses.ts';

export const schema = {
  ...auth, ...catalog, ...inventory, ...inventoryAlerts, ...users, ...cart, ...orders, ...payments, ...promo, ...stockNotifications,
  ...wishlist, ...addresses, ...search,
};
export type Schema = typeof schema;
