import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { SetChoice, VariantSet } from '#contracts/set-sales';
import { Button } from '../components/ui/button.tsx';
import { useAddToCart } from '../cart/use-add-to-cart.ts';
import { useFormat } from '../i18n/use-format.ts';
import { setPriceQuery } from './set-sales.api.ts';

type Component = VariantSet['components'][number];

/** The choice the buyer's ticks and picks make, in the shape the server takes. */
const choiceOf = (removed: ReadonlySet<number>, added: ReadonlySet<number>, swaps: ReadonlyMap<number, number>): SetChoice => ({
  remove: [...removed].sort((a, b) => a - b),
  add: [...added].sort((a, b) => a - b),
  swap: [...swaps].sort(([a], [b]) => a - b).map(([from, to]) => ({ from, to })),
});

const label = (c: Component) => (c.variant_label ? `${c.name} — ${c.variant_label}` : c.name);

/** Components the buyer ticks in or out, each with what it adds to or takes off one set's price. */
function ComponentTicks({ legend, components, sign, ticked, onToggle }: {
  legend: string; components: Component[]; sign: '+' | '−'; ticked: (id: number) => boolean; onToggle: (id: number) => void;
}) {
  const f = useFormat();
  if (components.length === 0) return null;
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      {components.map((c) => (
        <label key={c.variant_id} className="mt-1.5 flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
            checked={ticked(c.variant_id)} onChange={() => onToggle(c.variant_id)} />
          <span>{f.number(c.quantity)}× {label(c)} <span className="whitespace-nowrap text-slate-500">({sign}{f.price(Number(c.unit_price) * c.quantity)})</span></span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A business buyer's own version of the set, within its rules: optional components left out, extras added, a
 * component swapped for one of its alternatives; the price follows from the server as the cart will charge it.
 */
export function SetCustomiser({ productId, variantId, set, quantity }: { productId: number; variantId: number; set: VariantSet; quantity: number }) {
  const { t } = useTranslation('catalog');
  const f = useFormat();
  const { add, isPending } = useAddToCart();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());
  const [swaps, setSwaps] = useState<ReadonlyMap<number, number>>(new Map());
  const choice = choiceOf(removed, added, swaps);
  const price = useQuery(setPriceQuery(variantId, choice, quantity));
  const toggle = (of: ReadonlySet<number>, id: number) => {
    const next = new Set(of);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const alternativesOf = (c: Component) => set.components.filter((a) => a.role === 'alternative' && a.replaces_variant_id === c.variant_id);
  const inSet = set.components.filter((c) => c.role === 'standard' || c.role === 'optional');
  const swappable = inSet.filter((c) => alternativesOf(c).length > 0);
  const optional = inSet.filter((c) => c.role === 'optional');
  const extras = set.components.filter((c) => c.role === 'extra');
  if (swappable.length + optional.length + extras.length === 0) return null;
  return (
    <section aria-labelledby="set-customiser-heading" data-testid="set-customiser" className="rounded-xl border border-brand-200 bg-brand-50/40 p-4">
      <h2 id="set-customiser-heading" className="font-semibold text-slate-900">{t('setCustomise')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('setCustomiseHelp')}</p>
      <ComponentTicks legend={t('setOptionalLegend')} components={optional} sign="−" ticked={(id) => !removed.has(id)}
        onToggle={(id) => { setRemoved(toggle(removed, id)); setSwaps(new Map([...swaps].filter(([from]) => from !== id))); }} />
      {swappable.length > 0 && (
        <fieldset className="mt-3 space-y-2">
          <legend className="text-sm font-medium text-slate-900">{t('setSwapLegend')}</legend>
          {swappable.map((c) => (
            <label key={c.variant_id} className="block text-sm text-slate-700">
              <span className="block">{label(c)}</span>
              <select className="mt-1 w-full rounded-lg border-slate-300 text-sm" value={swaps.get(c.variant_id) ?? c.variant_id}
                disabled={removed.has(c.variant_id)}
                onChange={(event) => {
                  const to = Number(event.target.value);
                  const next = new Map(swaps);
                  if (to === c.variant_id) next.delete(c.variant_id); else next.set(c.variant_id, to);
                  setSwaps(next);
                }}>
                <option value={c.variant_id}>{t('setKeepStandard', { name: label(c) })}</option>
                {alternativesOf(c).map((a) => <option key={a.variant_id} value={a.variant_id}>{f.number(a.quantity)}× {label(a)}</option>)}
              </select>
            </label>
          ))}
        </fieldset>
      )}
      <ComponentTicks legend={t('setExtrasLegend')} components={extras} sign="+" ticked={(id) => added.has(id)}
        onToggle={(id) => setAdded(toggle(added, id))} />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" data-testid="set-price" className="text-sm text-slate-700">
          {price.data && (
            <>
              <span className="text-lg font-bold text-slate-900">{f.price(price.data.unit_price)}</span> {t('setEach')}
              {quantity > 1 && <> · {t('setTotal', { total: f.price(price.data.total_price) })}</>}
            </>
          )}
        </p>
        <Button disabled={isPending || !price.data || price.data.available < quantity}
          onClick={() => add({ product_id: productId, variant_id: variantId, quantity, set_choice: choice })}>
          {t('setAddCustomised')}
        </Button>
      </div>
      {price.data && price.data.available < quantity && <p className="mt-2 text-sm text-red-700">{t('setNotEnough', { count: price.data.available })}</p>}
    </section>
  );
}
