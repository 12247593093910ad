import * as auth from './schema/auth.ts';
import * as cart from './schema/cart.ts';
import * as catalog from './schema/catalog.ts';
import * as inventory from './schema/inventory.ts';
import * as inventoryAlerts from './schema/inventory-alerts.ts';
import * as orders from './schema/orders.ts';
import * as orderEvents from './schema/order-events.ts';
import * as payments from './schema/payments.ts';
import * as refunds from './schema/refunds.ts';
import * as promo from './schema/promo.ts';
import * as search from './schema/search.ts';
import * as stockNotifications from './schema/stock-notifications.ts';
import * as users from './schema/users.ts';
import * as wishlist from './schema/wishlist.ts';
import * as addresses from './schema/addresses.ts';
import * as licences from './schema/licences.ts';
import * as reorderLists from './schema/reorder-lists.ts';
import * as lots from './schema/lots.ts';
import * as recalls from './schema/recalls.ts';
import * as quotes from './schema/quotes.ts';
import * as organisations from './schema/organisations.ts';
import * as priceTiers from './schema/price-tiers.ts';
import * as audit from './schema/audit.ts';
import * as jobRuns from './schema/job-runs.ts';
import * as mailOutbox from './schema/mail-outbox.ts';
import * as organisationMembers from './schema/organisation-members.ts';
import * as organisationPurchasing from './schema/organisation-purchasing.ts';
import * as shipping from './schema/shipping.ts';
import * as shipments from './schema/shipments.ts';
import * as returns from './schema/returns.ts';
import * as staffNotes from './schema/staff-notes.ts';
import * as orderEdits from './schema/order-edits.ts';

export const schema = {
  ...auth, ...catalog, ...inventory, ...inventoryAlerts, ...users, ...cart, ...orders, ...orderEvents, ...payments, ...refunds, ...promo, ...stockNotifications,
  ...wishlist, ...addresses, ...search, ...lots, ...recalls, ...licences, ...reorderLists, ...quotes,
  ...organisations, ...organisationMembers, ...organisationPurchasing, ...priceTiers, ...audit, ...mailOutbox, ...jobRuns,
  ...shipping, ...shipments, ...returns, ...staffNotes, ...orderEdits,
};
export type Schema = typeof schema;
