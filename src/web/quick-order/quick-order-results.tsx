import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_LINE_QUANTITY } from '#contracts/cart';
import type { QuickOrderLine, QuickOrderOutcome } from '#contracts/quick-order';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { useAddToCart } from '../cart/use-add-to-cart.ts';
import { VariantLabel } from '../cart/variant-label.tsx';
import { useFormat } from '../i18n/use-format.ts';

const TONES: Record<QuickOrderOutcome, BadgeTone> = {
  added: 'success', partial: 'warning', unknown: 'neutral', discontinued: 'neutral', out_of_stock: 'warning', licence_required: 'warning',
  invalid: 'neutral',
};

/** The first equivalent offered for a line that could not be added, with a button that adds the line's quantity of it. */
function Equivalent({ line }: { line: QuickOrderLine }) {
  const { t } = useTranslation('quick-order');
  const f = useFormat();
  const { add, isPending } = useAddToCart();
  const [equivalent] = line.equivalents;
  if (!equivalent) return null;
  const quantity = Math.min(Math.max(line.quantity, 1), equivalent.available_stock);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600">{t('equivalent')}</span>
      <Link to={`/products/${equivalent.slug}`} className="font-medium text-brand-700 hover:underline">
        <DataText>{equivalent.name}</DataText>
      </Link>
      {equivalent.variant_label && <DataText className="text-slate-600">{equivalent.variant_label}</DataText>}
      <span className="text-slate-600">{f.price(equivalent.price)}</span>
      <Button
        size="sm" variant="secondary" disabled={isPending} aria-label={t('addEquivalent', { name: equivalent.name })}
        onClick={() => add({ product_id: equivalent.product_id, variant_id: equivalent.variant_id, quantity })}
      >
        {t('add')}
      </Button>
    </div>
  );
}

function Outcome({ line }: { line: QuickOrderLine }) {
  const { t } = useTranslation('quick-order');
  return (
    <div>
      <Badge tone={TONES[line.outcome]}>
        {t(`outcome_${line.outcome}`, { added: line.added, available: line.available ?? 0, quantity: line.quantity, min: 1, max: MAX_LINE_QUANTITY })}
      </Badge>
      {line.outcome === 'licence_required' && (
        <Link to="/profile/licences" className="ms-2 text-sm font-medium text-brand-700 hover:underline">{t('licenceLink')}</Link>
      )}
      <Equivalent line={line} />
    </div>
  );
}

/** What became of each pasted line: a table on a wide screen, a card per line on a phone. */
export function QuickOrderResults({ lines }: { lines: QuickOrderLine[] }) {
  const { t } = useTranslation('quick-order');
  const f = useFormat();
  const full = lines.filter((line) => line.outcome === 'added').length;
  return (
    <section aria-labelledby="quick-order-results" className="mt-8">
      <h2 id="quick-order-results" className="text-lg font-semibold text-slate-900">{t('results')}</h2>
      <p className="text-sm text-slate-600">{t('summary', { added: full, lines: lines.length })}</p>
      <table className="mt-3 w-full text-start text-sm">
        <thead className="sr-only sm:not-sr-only">
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pe-3 text-start font-medium">{t('line')}</th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">{t('catalogueNumber')}</th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">{t('quantity')}</th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">{t('product')}</th>
            <th scope="col" className="py-2 text-start font-medium">{t('result')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {lines.map((line) => (
            <tr key={line.line} data-outcome={line.outcome} className="grid grid-cols-[auto_1fr_auto] gap-x-3 py-3 sm:table-row">
              <td className="text-slate-500 sm:py-3 sm:pe-3">{f.number(line.line)}</td>
              <td className="font-mono sm:py-3 sm:pe-3"><DataText>{line.catalogue_number || line.input}</DataText></td>
              <td className="text-end sm:py-3 sm:pe-3">
                <span className="text-slate-500 sm:hidden">{t('quantity')} </span>{line.quantity > 0 ? f.number(line.quantity) : '—'}
              </td>
              <td className="col-span-3 sm:py-3 sm:pe-3">
                {line.product && (
                  <>
                    <Link to={`/products/${line.product.slug}`} className="font-medium text-slate-900 hover:underline">
                      <DataText>{line.product.name}</DataText>
                    </Link>
                    <VariantLabel label={line.product.variant_label} />
                  </>
                )}
              </td>
              <td className="col-span-3 sm:py-3"><Outcome line={line} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
