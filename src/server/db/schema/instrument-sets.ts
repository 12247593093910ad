import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { SET_COMPONENT_ROLES } from '../../../contracts/instrument-sets.ts';
import { productVariants } from './catalog.ts';

/**
 * What a set variant is made of (contracts/instrument-sets.ts). The set's inventory row is kept by triggers (0047)
 * at the units its standard set can be made of, reserved 0; checkout reserves and sells the components instead.
 */
export const setComponents = pgTable('set_components', {
  setVariantId: integer('set_variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
  componentVariantId: integer('component_variant_id').notNull().references(() => productVariants.id),
  quantity: integer('quantity').notNull(),
  role: text('role', { enum: SET_COMPONENT_ROLES }).notNull().default('standard'),
  /** An alternative's standard or optional component it may take the place of. */
  replacesVariantId: integer('replaces_variant_id').references(() => productVariants.id),
  /** The tray or container the instruments come in. */
  isContainer: boolean('is_container').notNull().default(false),
  position: integer('position').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.setVariantId, t.componentVariantId] }),
  index('set_components_component_idx').on(t.componentVariantId),
  check('set_components_quantity', sql`quantity between 1 and 1000`),
  check('set_components_not_itself', sql`component_variant_id <> set_variant_id`),
  check('set_components_replaces', sql`(role = 'alternative') = (replaces_variant_id is not null)`),
]);
