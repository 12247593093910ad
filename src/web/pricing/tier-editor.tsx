import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_PRICE_TIERS, type PriceTier } from '#contracts/pricing';
import { errorSummary } from '../auth/field-errors.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { ApiError } from '../lib/api.ts';
import { pricingMessages } from './messages.ts';
import { useSetPriceTiers } from './pricing.api.ts';

interface Draft {
  minQuantity: string;
  unitPrice: string;
}

/** Staff edit a product's tiers; the server checks them and answers per field (tiers.1.unit_price). */
export function TierEditor({ productId, tiers, onDone }: { productId: number; tiers: PriceTier[]; onDone: () => void }) {
  const t = useMessages(pricingMessages);
  const save = useSetPriceTiers();
  const [drafts, setDrafts] = useState<Draft[]>(tiers.map((tier) => ({ minQuantity: String(tier.min_quantity), unitPrice: tier.unit_price })));
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const change = (index: number, field: keyof Draft, value: string) =>
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, [field]: value } : draft)));

  const submit = () => save.mutate({
    productId,
    body: { tiers: drafts.map((draft) => ({ min_quantity: Number(draft.minQuantity), unit_price: draft.unitPrice.trim() })) },
  }, {
    onSuccess: () => { notify.success(t.saved); onDone(); },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        setErrors(error.fieldErrors);
        notify.error(t.notSaved, t.fixErrors);
      } else notify.error(t.notSaved, errorSummary(error, t.notSaved));
    },
  });

  return (
    <form className="mt-3 space-y-3" onSubmit={(event) => { event.preventDefault(); submit(); }}>
      <p className="text-sm font-semibold text-slate-900">{t.editorHeading}</p>
      <p className="text-xs text-slate-600">{t.editorIntro}</p>
      {drafts.length === 0 && <p className="text-sm text-slate-600">{t.noTiers}</p>}
      {drafts.map((draft, i) => (
        <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <TextField
            label={t.minQuantity}
            inputMode="numeric"
            value={draft.minQuantity}
            error={errors[`tiers.${i}.min_quantity`]?.[0]}
            onChange={(event) => change(i, 'minQuantity', event.target.value)}
          />
          <TextField
            label={t.tierPrice}
            inputMode="decimal"
            value={draft.unitPrice}
            error={errors[`tiers.${i}.unit_price`]?.[0]}
            onChange={(event) => change(i, 'unitPrice', event.target.value)}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="mt-7 text-red-700"
            aria-label={t.removeTier(i + 1)}
            onClick={() => setDrafts((current) => current.filter((_, j) => j !== i))}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        {drafts.length < MAX_PRICE_TIERS && (
          <Button type="button" variant="secondary" size="sm" onClick={() => setDrafts((current) => [...current, { minQuantity: '', unitPrice: '' }])}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {t.addTier}
          </Button>
        )}
        <Button type="submit" size="sm" disabled={save.isPending}>{save.isPending ? t.saving : t.saveTiers}</Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>{t.cancel}</Button>
      </div>
    </form>
  );
}
