import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BuyAgainLine } from '#contracts/orders';
import { buttonClasses } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';

function LineOutcome({ line }: { line: BuyAgainLine }) {
  const { t } = useTranslation('orders');
  const f = useFormat();
  switch (line.outcome) {
    case 'added':
      return <>{t('outcomeAdded', { count: line.added })}</>;
    case 'partial':
      return <>{t('outcomePartial', { added: f.number(line.added), ordered: f.number(line.ordered_quantity) })}</>;
    case 'out_of_stock':
      return <span className="text-red-700">{t('outcomeOutOfStock')}</span>;
    case 'discontinued':
      return <span className="text-red-700">{t('outcomeDiscontinued')}</span>;
  }
}

/** What buying an order again put into the cart, and what changed since: prices, stock, sizes no longer sold. */
export function BuyAgainSummary({ lines }: { lines: BuyAgainLine[] }) {
  const { t } = useTranslation('orders');
  const f = useFormat();
  return (
    <section aria-labelledby="buy-again-heading" role="status" className="mt-4 rounded-lg border border-brand-200 bg-brand-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="buy-again-heading" className="text-sm font-semibold text-slate-900">{t('buyAgainDone')}</h3>
        <Link to="/cart" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>{t('goToCart')}</Link>
      </div>
      <ul className="mt-3 space-y-2 text-sm">
        {lines.map((line, index) => (
          <li key={`${line.variant_id ?? 'gone'}-${index}`} className="text-slate-700">
            <DataText className="font-medium text-slate-900">{line.name}</DataText>
            {line.variant_label && <> · <DataText>{line.variant_label}</DataText></>}
            {': '}
            <LineOutcome line={line} />
            {line.today_price !== null && line.today_price !== line.ordered_price && (
              <span className="block text-amber-800">{t('priceMoved', { now: f.price(line.today_price), was: f.price(line.ordered_price) })}</span>
            )}
            {line.equivalent && (
              <Link to={`/products/${line.equivalent.slug}`} className="block font-medium text-brand-700 underline-offset-2 hover:underline">
                {t('tryEquivalent', { name: line.equivalent.name, brand: line.equivalent.brand, price: f.price(line.equivalent.price) })}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
