import type { TFunction } from 'i18next';

/** The kinds of record staff writes land on, as the server names them in the trail. */
export const AUDITED_ENTITIES = [
  'product', 'product_stock', 'product_price_tiers', 'category', 'flash_sale', 'promo_code', 'exchange_rate', 'order',
  'quote', 'recall', 'recall_notice', 'inventory_alert', 'organisation', 'licence', 'staff_member', 'mail',
] as const;

const known = (entity: string): entity is (typeof AUDITED_ENTITIES)[number] => (AUDITED_ENTITIES as readonly string[]).includes(entity);

/** A record kind in the visitor's language; a kind this storefront does not know keeps its own name. */
export const entityLabel = (t: TFunction<'audit-log'>, entity: string): string => (known(entity) ? t(`entities.${entity}`) : entity);
