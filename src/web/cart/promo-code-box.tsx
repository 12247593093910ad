import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { Tag, X } from 'lucide-react';
import type { AppliedPromo } from '#contracts/cart';
import { applyPromoBody } from '#contracts/promo';
import { Button } from '../components/ui/button.tsx';
import { controlClasses } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { useApplyPromoMutation, useRemovePromoMutation } from './cart.api.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { ApiError } from '../lib/api.ts';
import { useCodeText, useErrorText } from '../lib/error-text.ts';

function AppliedCode({ promo }: { promo: AppliedPromo }) {
  const { t } = useTranslation('cart');
  const errorText = useErrorText();
  const codeText = useCodeText();
  const remove = useRemovePromoMutation();
  return (
    <div className={promo.applies ? 'rounded-lg border border-emerald-200 bg-emerald-50 p-3' : 'rounded-lg border border-amber-200 bg-amber-50 p-3'}>
      <div className="flex items-center justify-between gap-2">
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <Tag aria-hidden="true" className={promo.applies ? 'h-4 w-4 shrink-0 text-emerald-700' : 'h-4 w-4 shrink-0 text-amber-700'} />
          <span className="font-mono font-bold text-slate-900">{promo.code}</span>
          <span className="truncate text-slate-700">{promo.description}</span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          onClick={() => remove.mutate(undefined, { onError: (error) => notify.error(t('updateFailed'), errorText(error)) })}
        >
          <X aria-hidden="true" className="h-4 w-4" /> {t('removePromo')}<span className="sr-only">{t('promoCodeLabel', { code: promo.code })}</span>
        </Button>
      </div>
      {promo.problem && <p className="mt-1.5 text-sm text-amber-900">{codeText(promo.problem.code, promo.problem.params)}</p>}
    </div>
  );
}

/** Apply one promo code; the server checks it and answers the discounted cart. */
export function PromoCodeBox({ promo }: { promo: AppliedPromo | null }) {
  const { t } = useTranslation('cart');
  const errorText = useErrorText();
  const apply = useApplyPromoMutation();
  const form = useContractForm(applyPromoBody, { defaultValues: { code: '' } });
  const inputId = useId();
  const errorId = `${inputId}-error`;

  if (promo) return <AppliedCode promo={promo} />;

  const submit = form.handleSubmit(({ code }) =>
    apply.mutate(code, {
      onSuccess: () => form.reset(),
      // Why the code was refused (its error code, with the date or amount its text needs), or the field's problem.
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code) form.setError('code', { type: failure.code, message: errorText(failure) }, { shouldFocus: true });
        else if (!form.setServerErrors(failure)) form.setError('code', { type: 'failed', message: errorText(failure) });
      },
    }),
  );
  const error = form.errorText('code');

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {t('promoCode')}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          {...form.register('code')}
          placeholder={t('enterCode')}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={controlClasses(Boolean(error), 'h-10 uppercase placeholder:normal-case')}
        />
        <Button type="submit" variant="secondary" disabled={apply.isPending}>
          {apply.isPending ? t('applying') : t('apply')}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
