import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DEVICE_USE, MRI_SAFETY, STERILITY } from '../../../contracts/regulatory.ts';
import { documents, productVariants } from './catalog.ts';

/** A variant's regulatory data (contracts/regulatory.ts); a variant without a row has none recorded. */
export const variantRegulatory = pgTable('variant_regulatory', {
  variantId: integer('variant_id').primaryKey().references(() => productVariants.id, { onDelete: 'cascade' }),
  /** Global Medical Device Nomenclature term code (5 digits); '' until staff set it. */
  gmdnCode: text('gmdn_code').notNull().default(''),
  sterility: text('sterility', { enum: STERILITY }),
  use: text('use', { enum: DEVICE_USE }),
  mriSafety: text('mri_safety', { enum: MRI_SAFETY }).notNull().default('not_evaluated'),
  containsLatex: boolean('contains_latex'),
  /** The UDI-DI marked on the instrument itself (reusable devices), when it differs from the label's GTIN. */
  directMarkingDi: text('direct_marking_di').notNull().default(''),
  /** Electronic instructions for use, and the version they are at. */
  eifuUrl: text('eifu_url').notNull().default(''),
  eifuVersion: text('eifu_version').notNull().default(''),
  conformityDocumentId: integer('conformity_document_id').references(() => documents.id, { onDelete: 'set null' }),
  certificateDocumentId: integer('certificate_document_id').references(() => documents.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
