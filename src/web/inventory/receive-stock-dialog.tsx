import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import * as Dialog from '@radix-ui/react-dialog';
import { PackagePlus } from 'lucide-react';
import { createMovementBody } from '#contracts/inventory';
import { Button } from '../components/ui/button.tsx';
import { Modal } from '../components/ui/modal.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { choicesQuery, useCreateMovement } from './inventory.api.ts';
import { Gs1Preview } from '../lots/gs1-preview.tsx';
import { withVariant } from '../catalog/with-variant.ts';
import { useErrorText } from '../lib/error-text.ts';

/** The variant stock is received into. */
export interface ReceiveTarget {
  productId: number;
  variantId: number;
  productName: string;
  variantLabel: string;
}

interface ReceiveDraft {
  variantId: string;
  quantity: string;
  reason: string;
  gs1: string;
}

/** A 'receive' movement and the variant it is for, read from the form: a blank GS1 code is no code. */
const receiveForm = z.preprocess(
  ({ variantId, quantity, reason, gs1 }: ReceiveDraft) => ({
    variantId: Number(variantId), kind: 'receive', quantity: Number(quantity), reason, gs1: gs1.trim() ? gs1 : undefined,
  }),
  createMovementBody.safeExtend({ variantId: createMovementBody.shape.variantId.unwrap() }),
);

/** The form lives inside the dialog's content, which unmounts on close: every opening starts afresh. */
function ReceiveStockForm({ product, onDone }: { product?: ReceiveTarget; onDone: () => void }) {
  const { t } = useTranslation('inventory');
  const { t: lotText } = useTranslation('lots');
  const failureText = useErrorText();
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const create = useCreateMovement();
  const form = useContractForm(receiveForm, {
    defaultValues: { variantId: product ? String(product.variantId) : '', quantity: '', reason: '', gs1: '' },
    overrides: { variantId: t('chooseProductError'), quantity: t('quantityError') },
  });
  const { register, errorText } = form;

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const choices = useQuery({ ...choicesQuery(debounced), enabled: !product });
  // The chosen variant's product, kept when a new search replaces the list.
  const [productId, setProductId] = useState(product?.productId);
  const choose = (variantId: string) =>
    setProductId(choices.data?.items.find((choice) => String(choice.variantId) === variantId)?.productId);
  const options = product
    ? [{ value: String(product.variantId), label: withVariant(product.productName, product.variantLabel) }]
    : (choices.data?.items ?? []).map((c) => ({
        value: String(c.variantId),
        label: t('choiceLabel', { name: withVariant(c.productName, c.variantLabel), model: c.productModel, available: c.availableStock }),
      }));

  const submit = form.handleSubmit((body) => create.mutate({ productId: productId!, body }, {
    onSuccess: ({ item }) => {
      notify.success(t('stockReceived'), t('stockReceivedText', { name: withVariant(item.productName, item.variantLabel), available: item.availableStock }));
      onDone();
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('receiveFailed'), failureText(error));
    },
  }));

  return (
    <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
      {!product && (
        <TextField
          label={t('findProduct')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('searchPlaceholder')}
        />
      )}
      <SelectField
        label={t('product')}
        required
        {...register('variantId', {
          onChange: (event: { target: { value: string } }) => {
            if (!product) choose(event.target.value);
          },
        })}
        options={options}
        placeholder={choices.isLoading ? t('loading') : t('chooseProduct')}
        error={errorText('variantId')}
      />
      <TextField
        label={lotText('gs1Label')}
        {...register('gs1')}
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        placeholder={lotText('gs1Placeholder')}
        hint={lotText('gs1Hint')}
        error={errorText('gs1')}
      />
      <Gs1Preview value={form.watch('gs1')} />
      <TextField label={t('quantity')} required type="number" inputMode="numeric" min={1} step={1} {...register('quantity')} error={errorText('quantity')} />
      <TextField label={t('reason')} {...register('reason')} maxLength={500} placeholder={t('reasonPlaceholder')} error={errorText('reason')} />
      <div className="flex justify-end gap-2 pt-2">
        <Dialog.Close asChild>
          <Button variant="secondary">{t('cancel')}</Button>
        </Dialog.Close>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('saving') : t('receiveStock')}
        </Button>
      </div>
    </form>
  );
}

/** Records a delivery ('receive' movement) for a variant chosen by search, or the one given. */
export function ReceiveStockDialog({
  open,
  product,
  onOpenChange,
}: {
  open: boolean;
  product?: ReceiveTarget;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('inventory');
  return (
    <Modal open={open} onOpenChange={onOpenChange} icon={PackagePlus} title={t('receiveStock')} description={t('receiveStockText')}>
      <ReceiveStockForm key={product?.variantId ?? 'any'} product={product} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}
