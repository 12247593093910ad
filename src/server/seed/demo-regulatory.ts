import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { INSTRUMENT_TYPES } from './instrument-types.ts';
import { certificateSlug } from './catalogue-generator.ts';

/**
 * The demo catalogue's hand instruments as their makers would record them: stainless steel, supplied non-sterile,
 * reusable and MR Unsafe, without latex; their instructions for use online (the product's IFU document), and the CE
 * certificate of a product that has one. GMDN codes and direct-marked DIs are left unrecorded rather than made up.
 */
export async function seedDemoRegulatory(db: DbOrTx): Promise<void> {
  const handInstruments = INSTRUMENT_TYPES.filter((type) => type.kind === 'hand-instrument').map((type) => type.slug);
  if (handInstruments.length === 0) return;
  await db.execute(sql`
    insert into variant_regulatory (variant_id, sterility, use, mri_safety, contains_latex, eifu_url, eifu_version, certificate_document_id)
    select pv.id, 'sterilise_before_use', 'reusable', 'mr_unsafe', false, '/api/documents/' || ifu.slug || '/download/', ifu.version::text, ce.id
    from product_variants pv
    join products p on p.id = pv.product_id
    join lateral (
      select d.slug, d.version from product_documents pd join documents d on d.id = pd.document_id
      where pd.product_id = p.id and d.kind = 'ifu' order by pd.position limit 1
    ) ifu on true
    left join lateral (
      select d.id from product_documents pd join documents d on d.id = pd.document_id
      where pd.product_id = p.id and d.slug = ${certificateSlug('CE')} limit 1
    ) ce on true
    where p.instrument_type in (${sql.join(handInstruments.map((slug) => sql`${slug}`), sql`, `)})
    on conflict (variant_id) do nothing`);
}
