import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FileText, Plus, Trash2 } from 'lucide-react';
import { MAX_QUOTE_LINES, MAX_QUOTE_QUANTITY, quoteRequestBody, requestQuote } from '#contracts/quotes';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { controlClasses, FieldMessage, FormField } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { isApiError } from '../lib/api.ts';
import { ProductPicker, type PickedProduct } from './product-picker.tsx';
import { useRequestQuote } from './quotes.api.ts';
import { VariantChoice } from './variant-choice.tsx';
import { useErrorText } from '../lib/error-text.ts';

/** A line with no product chosen yet; the contract refuses it. */
const NO_PRODUCT = 0;

/** The buyer's request: products and quantities, the delivery city and notes. `prefill` starts the first line. */
export function QuoteRequestForm({ prefill, quantity, variantId }: { prefill: PickedProduct | null; quantity: number; variantId?: number }) {
  const { t } = useTranslation('quotes');
  const failureText = useErrorText();
  const f = useFormat();
  const id = useId();
  const navigate = useNavigate();
  const request = useRequestQuote();
  const form = useContractForm(quoteRequestBody, {
    defaultValues: { lines: [{ product_id: prefill?.id ?? NO_PRODUCT, variant_id: prefill ? variantId : undefined, quantity }], delivery_city: '', notes: '' },
    overrides: { lines: t('linesRange', { max: MAX_QUOTE_LINES }) },
  });
  const { register, errorText } = form;
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const chosen = form.watch('lines');
  // What each chosen product is called and costs, for showing its line.
  const [picked, setPicked] = useState<Record<number, PickedProduct>>(prefill ? { [prefill.id]: prefill } : {});

  // A line's problems carry no message key (the contract's and the server's alike), so the form names them itself.
  const lineErrors = form.formState.errors.lines;
  const askedBefore = (index: number) => chosen.findIndex((line) =>
    line.product_id === chosen[index]?.product_id && (line.variant_id ?? null) === (chosen[index]?.variant_id ?? null)) < index;
  function productProblem(index: number): string | undefined {
    if (!lineErrors?.[index]?.product_id) return undefined;
    if (chosen[index]?.product_id === NO_PRODUCT) return t('chooseProduct');
    return askedBefore(index) ? t('alreadyOnRequest') : t('productNotFound');
  }
  // The server names the options still to choose (a message key), or a size asked for twice (none).
  function variantProblem(index: number): string | undefined {
    if (!lineErrors?.[index]?.variant_id) return undefined;
    return askedBefore(index) ? t('alreadyOnRequest') : errorText(`lines.${index}.variant_id`);
  }
  const quantityProblem = (index: number) => (lineErrors?.[index]?.quantity ? t('enterQuantity', { max: MAX_QUOTE_QUANTITY }) : undefined);

  function choose(index: number, product: PickedProduct | null) {
    if (product) setPicked((current) => ({ ...current, [product.id]: product }));
    form.setValue(`lines.${index}.product_id`, product?.id ?? NO_PRODUCT);
    form.setValue(`lines.${index}.variant_id`, undefined);
    form.clearErrors([`lines.${index}.product_id`, `lines.${index}.variant_id`]);
  }

  const submit = form.handleSubmit(
    (body) => request.mutate(body, {
      onSuccess: (quote) => {
        notify.success(t('requestedToast'), t('requestedToastText', { number: quote.number }));
        void navigate(`/profile/quotes/${quote.id}`);
      },
      onError: (error) => {
        if (isApiError(error, requestQuote, 'EMAIL_NOT_VERIFIED')) notify.error(t('verifyTitle'), t('verifyText'));
        else if (isApiError(error, requestQuote, 'ACCOUNT_TYPE_NOT_ALLOWED')) notify.error(t('businessOnlyTitle'), t('businessOnlyText'));
        else notify.error(t('requestFailed'), form.setServerErrors(error) ? t('fixErrors') : failureText(error));
      },
    }),
    () => notify.error(t('requestFailed'), t('fixErrors')),
  );

  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-6">
      <Card className="p-5 sm:p-6">
        <h2 className="text-base font-bold text-slate-900">{t('products')}</h2>
        {errorText('lines') && <p className="mt-2 text-sm font-medium text-red-700">{errorText('lines')}</p>}
        <ol className="mt-4 space-y-4">
          {lines.fields.map((field, index) => {
            const product = picked[chosen[index]?.product_id ?? NO_PRODUCT];
            const problemId = `${id}-${field.id}-product-error`;
            return (
              <li key={field.id} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_8rem_auto] sm:items-start sm:p-4">
                <div className="min-w-0">
                  <span className="mb-1.5 block text-sm font-semibold text-slate-800">{t('product')}</span>
                  {product ? (
                    <>
                      <div className="flex min-h-11 items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
                        <span className="min-w-0">
                          <span className="block font-semibold break-words text-slate-900">{product.name}</span>
                          <span className="block text-xs text-slate-500">
                            {product.model_number} · {t('listPriceEach', { price: f.price(product.price) })}
                          </span>
                        </span>
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          aria-describedby={productProblem(index) ? problemId : undefined}
                          onClick={() => choose(index, null)}
                        >
                          {t('changeProduct')}
                        </Button>
                      </div>
                      <FieldMessage id={problemId} error={productProblem(index)} />
                      {product.variant_count > 1 && (
                        <VariantChoice
                          slug={product.slug}
                          error={variantProblem(index)}
                          {...register(`lines.${index}.variant_id`, { setValueAs: (value: string) => (value ? Number(value) : undefined) })}
                        />
                      )}
                    </>
                  ) : (
                    <ProductPicker label={t('product')} error={productProblem(index)} onPick={(next) => choose(index, next)} />
                  )}
                </div>
                <TextField
                  label={t('quantity')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
                  error={quantityProblem(index)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="sm:mt-7"
                  disabled={lines.fields.length === 1}
                  aria-label={t('removeLine', { name: product?.name ?? f.number(index + 1) })}
                  onClick={() => lines.remove(index)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </li>
            );
          })}
        </ol>
        <Button
          type="button"
          variant="secondary"
          className="mt-4"
          disabled={lines.fields.length >= MAX_QUOTE_LINES}
          onClick={() => lines.append({ product_id: NO_PRODUCT, quantity: 1 }, { shouldFocus: false })}
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> {t('addLine')}
        </Button>
      </Card>

      <Card className="space-y-4 p-5 sm:p-6">
        <TextField label={t('deliveryCity')} required autoComplete="address-level2" {...register('delivery_city')} error={errorText('delivery_city')} />
        <FormField label={t('notes')} hint={t('notesHint')} error={errorText('notes')}>
          {(control) => (
            <textarea {...control} {...register('notes')} rows={4} maxLength={2000} className={controlClasses(Boolean(errorText('notes')), 'py-2')} />
          )}
        </FormField>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={request.isPending} className="w-full sm:w-auto">
          <FileText aria-hidden="true" className="h-4 w-4" /> {request.isPending ? t('sending') : t('sendRequest')}
        </Button>
      </div>
    </form>
  );
}
