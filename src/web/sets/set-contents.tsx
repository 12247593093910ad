import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertTriangle, Package } from 'lucide-react';
import type { VariantSet } from '#contracts/set-sales';
import { productPath } from '../catalog/product-head.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';

/** Why the set cannot be bought now, naming the component. */
export function SetBlockedNotice({ blocked }: { blocked: NonNullable<VariantSet['blocked']> }) {
  const { t } = useTranslation('catalog');
  return (
    <p role="alert" data-testid="set-blocked" className="flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{t(blocked.reason === 'recalled' ? 'setBlockedRecalled' : 'setBlockedInactive', { component: blocked.component_name })}</span>
    </p>
  );
}

/** The standard set's contents, each component linked to its own page; extras and alternatives listed apart. */
export function SetContents({ set }: { set: VariantSet }) {
  const { t } = useTranslation('catalog');
  const f = useFormat();
  const inSet = set.components.filter((c) => c.role === 'standard' || c.role === 'optional');
  const offered = set.components.filter((c) => c.role === 'extra' || c.role === 'alternative');
  const nameOf = (id: number | null) => set.components.find((c) => c.variant_id === id)?.name ?? '';
  const row = (c: VariantSet['components'][number]) => (
    <li key={c.variant_id} className="flex flex-wrap items-baseline gap-x-2 gap-y-1 py-2">
      <span className="w-10 shrink-0 font-mono tabular-nums text-slate-900">{f.number(c.quantity)}×</span>
      <span className="min-w-0 flex-1">
        <Link to={productPath(c.product_slug)} className="font-medium text-brand-700 hover:underline">
          <DataText>{c.name}</DataText>
        </Link>
        {c.variant_label && <span className="text-slate-600"> — <DataText>{c.variant_label}</DataText></span>}
        <bdi className="ms-2 font-mono text-xs text-slate-500" dir="ltr">{c.model_number}</bdi>
        {(c.is_container || c.role !== 'standard') && (
          <span className="mt-1 flex flex-wrap gap-1">
            {c.is_container && <Badge tone="neutral"><Package aria-hidden="true" className="h-3.5 w-3.5" /> {t('setContainer')}</Badge>}
            {c.role === 'optional' && <Badge tone="brand">{t('setOptional')}</Badge>}
            {c.role === 'extra' && <Badge tone="brand">{t('setExtra', { price: f.price(c.unit_price) })}</Badge>}
            {c.role === 'alternative' && <Badge tone="brand">{t('setAlternativeTo', { name: nameOf(c.replaces_variant_id) })}</Badge>}
          </span>
        )}
      </span>
    </li>
  );
  return (
    <section aria-labelledby="set-contents-heading" data-testid="set-contents" className="rounded-xl border border-slate-200 p-4">
      <h2 id="set-contents-heading" className="font-semibold text-slate-900">{t('setContents')}</h2>
      <ul className="mt-1 divide-y divide-slate-100 text-sm text-slate-700">{inSet.map(row)}</ul>
      {offered.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">{t('setChoices')}</h3>
          <ul className="mt-1 divide-y divide-slate-100 text-sm text-slate-700">{offered.map(row)}</ul>
        </>
      )}
      {set.blocked && <div className="mt-3"><SetBlockedNotice blocked={set.blocked} /></div>}
    </section>
  );
}
