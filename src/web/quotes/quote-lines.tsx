import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import type { Quote, QuoteLine } from '#contracts/quotes';
import { useFormat } from '../i18n/use-format.ts';
import { VariantLabel } from '../cart/variant-label.tsx';
import { cx } from '../lib/class-names.ts';

/** The units in stock now, marked when the line asks for more. */
function StockFigure({ line }: { line: QuoteLine }) {
  const { t } = useTranslation('quotes');
  const f = useFormat();
  if (line.available >= line.quantity) return f.number(line.available);
  return (
    <span className="inline-flex items-center gap-1 text-amber-800">
      <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
      {f.number(Math.max(line.available, 0))}
      <span className="sr-only">{t('notEnoughStock')}</span>
    </span>
  );
}

/**
 * The quote's lines: product, quantity, list price and the quoted price, and with `showStock` the units in stock now.
 * Staff pass `priceCell` to edit prices in place; otherwise the quoted price (or a dash while there is none) is shown.
 */
export function QuoteLines({ quote, priceCell, showStock = false }: {
  quote: Quote; priceCell?: (line: QuoteLine, index: number) => ReactNode; showStock?: boolean;
}) {
  const { t } = useTranslation('quotes');
  const f = useFormat();
  const usd = (amount: string | null) => (amount === null ? '—' : f.money(amount, 'USD'));
  /** The figures of a line: each one's label, how its table cell looks, and its value for a line. */
  const columns: Array<{ label: string; cell: string; value: (line: QuoteLine, index: number) => ReactNode }> = [
    { label: t('quantity'), cell: 'px-3', value: (line) => f.number(line.quantity) },
    ...(showStock ? [{ label: t('inStock'), cell: 'px-3', value: (line: QuoteLine) => <StockFigure line={line} /> }] : []),
    { label: t('listPrice'), cell: 'px-3 text-slate-500', value: (line) => usd(line.list_price) },
    { label: t('unitPrice'), cell: 'px-3 font-semibold', value: (line, index) => (priceCell ? priceCell(line, index) : usd(line.unit_price)) },
    { label: t('lineTotal'), cell: 'ps-3 font-semibold', value: (line) => usd(line.line_total) },
  ];
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden">
        {quote.lines.map((line, index) => (
          <li key={line.id} className="py-3 text-sm">
            <span className="block font-semibold text-slate-900">{line.product_name}</span>
            <VariantLabel label={line.variant_label} className="text-xs" />
            <span className="block text-xs text-slate-500">{line.model_number}</span>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2">
              {columns.map(({ label, value }) => (
                <div key={label}>
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="font-semibold tabular-nums">{value(line, index)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    <div className="hidden sm:block">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-start text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <th scope="col" className="py-2 pe-3 text-start">{t('product')}</th>
            {columns.map(({ label, cell }) => (
              <th key={label} scope="col" className={cx(cell, 'py-2 text-end')}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {quote.lines.map((line, index) => (
            <tr key={line.id}>
              <td className="py-3 pe-3">
                <span className="block font-semibold text-slate-900">{line.product_name}</span>
                <VariantLabel label={line.variant_label} className="text-xs" />
                <span className="block text-xs text-slate-500">{line.model_number}</span>
              </td>
              {columns.map(({ label, value, cell }) => (
                <td key={label} className={cx(cell, 'py-3 text-end tabular-nums')}>{value(line, index)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    </>
  );
}

/** Subtotal, tax, shipping and total at the quoted prices, as checkout computes them. */
export function QuoteTotalsList({ totals }: { totals: NonNullable<Quote['totals']> }) {
  const { t } = useTranslation('quotes');
  const f = useFormat();
  const rows: Array<[string, string]> = [
    [t('subtotal'), f.money(totals.subtotal, 'USD')],
    [t('tax'), f.money(totals.tax_amount, 'USD')],
    [t('shipping'), Number(totals.shipping_amount) === 0 ? t('free') : f.money(totals.shipping_amount, 'USD')],
  ];
  return (
    <div className="ms-auto max-w-xs">
      <dl className="space-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-6">
            <dt className="text-slate-600">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-6 border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
          <dt>{t('total')}</dt>
          <dd className="tabular-nums">{f.money(totals.grand_total, 'USD')}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">{t('totalsNote')}</p>
    </div>
  );
}
