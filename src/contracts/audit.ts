import { z } from 'zod';
import { defineContract } from './define.ts';
import { staffAccess, staffMayUse, type StaffRole } from './staff-roles.ts';

export const AUDIT_PAGE_SIZE = 50;

/**
 * Every kind of record the trail keeps, with the roles besides the owner that read its entries: the roles whose own
 * routes open that kind of record. A role reads no other entries; the owner reads them all.
 */
export const auditReaders = {
  product: staffAccess.catalogue,
  product_stock: staffAccess.fulfilment,
  product_price_tiers: staffAccess.catalogue,
  category: staffAccess.restrictedCategories,
  flash_sale: staffAccess.catalogue,
  promo_code: staffAccess.catalogue,
  exchange_rate: staffAccess.catalogue,
  shipping_zone: staffAccess.catalogue,
  shipping_method: staffAccess.catalogue,
  order: staffAccess.ordersRead,
  invoice: staffAccess.customersRead,
  quote: staffAccess.sales,
  private_label_request: staffAccess.sales,
  recall: staffAccess.fulfilment,
  recall_notice: staffAccess.fulfilment,
  return: staffAccess.ordersRead,
  return_policy: staffAccess.ordersRead,
  cart_reminders: staffAccess.sales,
  inventory_alert: staffAccess.fulfilment,
  organisation: staffAccess.customersRead,
  licence: staffAccess.customersRead,
  /** Staff's notes on a customer: read by the roles that write them. */
  customer: staffAccess.customersRead,
  user: staffAccess.owner,
  mail: staffAccess.mail,
} as const satisfies Record<string, readonly StaffRole[]>;
export type AuditedEntity = keyof typeof auditReaders;
export const AUDITED_ENTITIES = Object.keys(auditReaders) as [AuditedEntity, ...AuditedEntity[]];

/** The kinds of record whose entries a staff member in `role` reads. */
export const auditedEntitiesFor = (role: StaffRole | null | undefined): AuditedEntity[] =>
  AUDITED_ENTITIES.filter((entity) => staffMayUse(role, auditReaders[entity]));

/**
 * What a staff write changed: who, when, which record, and the record before and after (null when created or
 * removed). `label` names the record as a person knows it (a product's name, an order's number), when it can be
 * found. Entries read by any role but the owner leave out people's names, emails, phones and addresses.
 */
export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  label: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const filterText = z.string().trim().max(100).optional();

/**
 * GET /api/staff/audit/?entity=&id=: the trail of one record (entity and id), or the whole log filtered by entity,
 * action, actor email and day range, newest first, of the records the reader's role opens (403 STAFF_ONLY for a kind
 * it does not). No route edits or deletes an entry.
 */
export const listAudit = defineContract({
  method: 'GET',
  path: '/api/staff/audit/',
  staff: staffAccess.auditRead,
  query: z.object({
    entity: z.enum(AUDITED_ENTITIES, { message: 'Choose a kind of record.' }).optional(),
    id: filterText,
    action: filterText,
    actor: filterText,
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({ count: z.number().int(), page: z.number().int(), pageSize: z.number().int(), results: z.array(auditEntry) }),
  errors: ['STAFF_ONLY'],
});
