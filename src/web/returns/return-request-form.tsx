import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '#contracts/define';
import type { Order } from '#contracts/orders';
import { MAX_RETURN_COMMENT, type listOrderReturns, type NotReturnable, type ReturnableLine } from '#contracts/returns';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { controlClasses, FormField } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { useErrorText } from '../lib/error-text.ts';
import { serverIssueErrors } from '../lib/issue-text.ts';
import { formField, isChosen, PHOTO_MAX_MB, PHOTO_TYPES, useReturnForm, type ReturnForm } from './return-form.ts';
import { ReturnFeesNotice } from './return-fees-notice.tsx';
import { useIsolated } from './isolated.ts';
import { ReturnLineFields } from './return-line-fields.tsx';
import { useRequestReturn, useUploadReturnPhoto } from './returns.api.ts';

export type OrderReturnsAnswer = ResponseOf<typeof listOrderReturns>;

/**
 * The buyer's return request: units, reason and condition of each returnable line, why the others cannot go back, a
 * comment, the decontamination declaration once a line is marked used, and a photo, sent once the return is created.
 */
export function ReturnRequestForm({ order, answer, onRequested, onClose }: {
  order: Pick<Order, 'orderNumber' | 'items'>;
  answer: OrderReturnsAnswer;
  onRequested: (rma: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('returns');
  const failureText = useErrorText();
  const data = useIsolated();
  const returnable = useMemo(() => answer.lines.filter((line) => !line.blocked && line.returnable_quantity > 0), [answer.lines]);
  const blocked = answer.lines.filter((line): line is ReturnableLine & { blocked: NotReturnable } => line.blocked !== null);
  const form = useReturnForm(returnable, t('photoRule', { max: PHOTO_MAX_MB }));
  const { register, errorText } = form;
  const request = useRequestReturn(order.orderNumber);
  const upload = useUploadReturnPhoto(order.orderNumber);
  const chosen = form.watch('lines').filter(isChosen);
  const itemOf = (orderItemId: number) => order.items.find((item) => item.id === orderItemId);

  const submit = form.handleSubmit(async ({ body, sent, photo }) => {
    let rma: string;
    try {
      rma = (await request.mutateAsync(body)).return.rma;
    } catch (error) {
      const issues = Object.entries(serverIssueErrors(error));
      issues.forEach(([field, issue], index) =>
        form.setError(formField(field, sent) as Parameters<ReturnForm['setError']>[0], issue, { shouldFocus: index === 0 }));
      notify.error(t('requestFailed'), issues.length > 0 ? t('fixErrors') : failureText(error));
      return;
    }
    if (photo) {
      await upload.mutateAsync({ rma, photo }).catch((error: unknown) => notify.error(t('photoFailed', { rma: data(rma) }), failureText(error)));
    }
    onRequested(rma);
  }, () => notify.error(t('requestFailed'), t('fixErrors')));

  return (
    <form noValidate onSubmit={submit} aria-label={t('formLabel', { number: order.orderNumber })}
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4">
      {errorText('lines') && <p role="alert" className="text-sm font-medium text-red-700">{errorText('lines')}</p>}
      {returnable.length === 0 && <p className="text-sm text-slate-700">{t('nothingReturnable')}</p>}
      {returnable.map((line, index) => (
        <ReturnLineFields key={line.order_item_id} form={form} index={index} line={line} item={itemOf(line.order_item_id)} />
      ))}
      {blocked.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-slate-800">{t('notReturnable')}</h4>
          <ul aria-label={t('notReturnable')} className="mt-1 space-y-1 text-sm text-slate-700">
            {blocked.map((line) => (
              <li key={line.order_item_id} className="flex flex-wrap gap-x-2">
                <DataText className="font-medium text-slate-900">{itemOf(line.order_item_id)?.name ?? `#${line.order_item_id}`}</DataText>
                <span>{t('blocked', { context: line.blocked })}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {returnable.length > 0 && (
        <>
          <TextAreaField label={t('comment')} maxLength={MAX_RETURN_COMMENT} {...register('comment')} error={errorText('comment')} />
          {chosen.some((line) => line.used) && (
            <CheckboxField label={t('decontamination')} {...register('decontamination_declared')} error={errorText('decontamination_declared')} />
          )}
          <FormField label={t('photo')} hint={t('photoHint', { max: PHOTO_MAX_MB })} error={errorText('photo')}>
            {(control) => (
              <input
                {...control} {...register('photo')} type="file" accept={PHOTO_TYPES.join(',')}
                className={controlClasses(Boolean(errorText('photo')), 'h-11 py-2 file:me-3 file:rounded file:border-0 file:bg-brand-50 file:px-2 file:text-brand-800')}
              />
            )}
          </FormField>
          <ReturnFeesNotice policy={answer.policy} reasons={chosen.map((line) => line.reason)} />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {returnable.length > 0 && (
          <Button type="submit" disabled={form.formState.isSubmitting}>{form.formState.isSubmitting ? t('sending') : t('send')}</Button>
        )}
        <Button type="button" variant="ghost" onClick={onClose}>{t('close')}</Button>
      </div>
    </form>
  );
}
