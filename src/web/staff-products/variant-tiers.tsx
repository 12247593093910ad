import { useTranslation } from 'react-i18next';
import { useFieldArray } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import type { ProductForm } from './use-product-form.ts';

/** Volume prices of one variant: from a quantity on, a lower unit price. */
export function VariantTiers({ form, index, id }: { form: ProductForm; index: number; id: string }) {
  const { t } = useTranslation('staff-products');
  const tiers = useFieldArray({ control: form.control, name: `variants.${index}.tiers` });
  return (
    <div id={id} className="space-y-2 rounded-lg bg-slate-50 p-3">
      {tiers.fields.map((tier, at) => (
        <div key={tier.id} className="flex items-start gap-2" data-testid="price-tier">
          <div className="flex-1">
            <TextField label={t('tierQuantity')} inputMode="numeric" {...form.register(`variants.${index}.tiers.${at}.min_quantity`)}
              error={form.errorText(`variants.${index}.tiers.${at}.min_quantity`)} />
          </div>
          <div className="flex-1">
            <TextField label={t('tierPrice')} inputMode="decimal" {...form.register(`variants.${index}.tiers.${at}.price`)}
              error={form.errorText(`variants.${index}.tiers.${at}.price`)} />
          </div>
          <Button variant="ghost" size="icon" className="mt-7" aria-label={t('removeTier', { n: at + 1 })} onClick={() => tiers.remove(at)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      ))}
      {form.errorText(`variants.${index}.tiers`) && <p className="text-sm font-medium text-red-700">{form.errorText(`variants.${index}.tiers`)}</p>}
      <Button size="sm" variant="secondary" disabled={tiers.fields.length >= 10} onClick={() => tiers.append({ min_quantity: '', price: '' })}>
        <Plus aria-hidden="true" className="h-4 w-4" /> {t('addTier')}
      </Button>
    </div>
  );
}
