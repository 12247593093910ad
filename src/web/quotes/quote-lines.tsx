import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { Quote, QuoteLine } from '#contracts/quotes';
import { useFormat } from '../i18n/use-format.ts';
import { VariantLabel } from '../cart/variant-label.tsx';

/**
 * The quote's lines: product, quantity, list price and the quoted price. Staff pass `priceCell` to edit prices in
 * place; otherwise the quoted price (or a dash while there is none) is shown.
 */
export function QuoteLines({ quote, priceCell }: { quote: Quote; priceCell?: (line: QuoteLine, index: number) => ReactNode }) {
  const { t } = useTranslation('quotes');
  const f = useFormat();
  const usd = (amount: string | null) => (amount === null ? '—' : f.money(amount, 'USD'));
  const figures = (line: QuoteLine, index: number): Array<[string, ReactNode]> => [
    [t('quantity'), f.number(line.quantity)],
    [t('listPrice'), usd(line.list_price)],
    [t('unitPrice'), priceCell ? priceCell(line, index) : usd(line.unit_price)],
    [t('lineTotal'), usd(line.line_total)],
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
              {figures(line, index).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="font-semibold tabular-nums">{value}</dd>
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
            <th scope="col" className="px-3 py-2 text-end">{t('quantity')}</th>
            <th scope="col" className="px-3 py-2 text-end">{t('listPrice')}</th>
            <th scope="col" className="px-3 py-2 text-end">{t('unitPrice')}</th>
            <th scope="col" className="py-2 ps-3 text-end">{t('lineTotal')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {quote.lines.map((line, index) => {
            const [quantity, listPrice, unitPrice, lineTotal] = figures(line, index).map(([, value]) => value);
            return (
              <tr key={line.id}>
                <td className="py-3 pe-3">
                  <span className="block font-semibold text-slate-900">{line.product_name}</span>
                  <VariantLabel label={line.variant_label} className="text-xs" />
                  <span className="block text-xs text-slate-500">{line.model_number}</span>
                </td>
                <td className="px-3 py-3 text-end tabular-nums">{quantity}</td>
                <td className="px-3 py-3 text-end text-slate-500 tabular-nums">{listPrice}</td>
                <td className="px-3 py-3 text-end font-semibold tabular-nums">{unitPrice}</td>
                <td className="py-3 ps-3 text-end font-semibold tabular-nums">{lineTotal}</td>
              </tr>
            );
          })}
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
