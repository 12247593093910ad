import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { trackOrder, type Order } from '#contracts/orders';
import { Button } from '../components/ui/button.tsx';
import { controlClasses, FieldMessage } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { ApiError } from '../lib/api.ts';
import { lookupOrder } from './orders.api.ts';

const ERROR_ID = 'order-lookup-error';

/** 'Quick Order Lookup': an order number or tracking ID, by button or Enter, checked as the tracking route checks it. */
export function OrderLookup({ onFound }: { onFound: (order: Order) => void }) {
  const { t } = useTranslation('orders');
  const form = useContractForm(trackOrder.params, {
    defaultValues: { reference: '' },
    overrides: { reference: t('enterOrderNumber') },
  });
  const error = form.errorText('reference');

  const submit = form.handleSubmit(async ({ reference }) => {
    try {
      const { order } = await lookupOrder(reference);
      notify.success(t('orderFound'), t('statusIs', { status: t('statusName', { context: order.status }) }));
      onFound(order);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) notify.error(t('orderNotFound'), t('orderNotFoundText'));
      else if (!form.setServerErrors(failure)) notify.error(t('trackingFailed'), t('trackingFailedText'));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <label htmlFor="order-lookup" className="text-base font-semibold text-slate-900">
        {t('quickLookup')}
      </label>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          id="order-lookup"
          {...form.register('reference')}
          placeholder={t('lookupPlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
          className={controlClasses(Boolean(error), 'h-10 min-w-0 sm:flex-1')}
        />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          <Search aria-hidden="true" className="h-4 w-4" />
          {form.formState.isSubmitting ? t('tracking') : t('trackOrder')}
        </Button>
      </div>
      <FieldMessage id={ERROR_ID} error={error} />
    </form>
  );
}
