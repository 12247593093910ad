import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { PackagePlus, X } from 'lucide-react';
import { MAX_MOVEMENT_QUANTITY } from '#contracts/inventory';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { ApiError } from '../lib/api.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { choicesQuery, useCreateMovement } from './inventory.api.ts';
import { inventoryMessages } from './messages.ts';
import { Gs1Preview } from '../lots/gs1-preview.tsx';
import { lotMessages } from '../lots/messages.ts';

type Errors = Partial<Record<'product' | 'quantity' | 'reason' | 'gs1', string>>;

export interface ReceiveTarget {
  productId: number;
  productName: string;
}

/** The form lives inside the dialog's content, which unmounts on close: every opening starts afresh. */
function ReceiveStockForm({ product, onDone }: { product?: ReceiveTarget; onDone: () => void }) {
  const t = useMessages(inventoryMessages);
  const givenProductId = product?.productId;
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState(givenProductId ? String(givenProductId) : '');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [gs1, setGs1] = useState('');
  const lotText = useMessages(lotMessages);
  const [errors, setErrors] = useState<Errors>({});
  const [debounced, setDebounced] = useState('');
  const create = useCreateMovement();

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const choices = useQuery({ ...choicesQuery(debounced), enabled: !product });
  const options = product
    ? [{ value: String(product.productId), label: product.productName }]
    : (choices.data?.items ?? []).map((c) => ({
        value: String(c.productId),
        label: t.choiceLabel(c.productName, c.productModel, c.availableStock),
      }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const units = Number(quantity);
    const found: Errors = {};
    if (!productId) found.product = t.chooseProductError;
    if (!Number.isInteger(units) || units < 1 || units > MAX_MOVEMENT_QUANTITY) found.quantity = t.quantityError;
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(
      { productId: Number(productId), body: { kind: 'receive', quantity: units, reason: reason.trim(), ...(gs1.trim() ? { gs1 } : {}) } },
      {
        onSuccess: ({ item }) => {
          notify.success(t.stockReceived, t.stockReceivedText(item.productName, item.availableStock));
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            setErrors({
              quantity: error.fieldErrors.quantity?.[0], reason: error.fieldErrors.reason?.[0], gs1: error.fieldErrors.gs1?.join(' '),
            });
          } else {
            notify.error(t.receiveFailed, error.message);
          }
        },
      },
    );
  };

  return (
    <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
      {!givenProductId && (
        <TextField
          label={t.findProduct}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t.searchPlaceholder}
        />
      )}
      <SelectField
        label={t.product}
        required
        value={productId}
        onChange={(event) => setProductId(event.target.value)}
        options={options}
        placeholder={choices.isLoading ? t.loading : t.chooseProduct}
        error={errors.product}
      />
      <TextField
        label={lotText.gs1Label}
        value={gs1}
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        onChange={(event) => setGs1(event.target.value)}
        placeholder={lotText.gs1Placeholder}
        hint={lotText.gs1Hint}
        error={errors.gs1}
      />
      <Gs1Preview value={gs1} />
      <TextField
        label={t.quantity}
        required
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        error={errors.quantity}
      />
      <TextField
        label={t.reason}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        placeholder={t.reasonPlaceholder}
        error={errors.reason}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Dialog.Close asChild>
          <Button variant="secondary">{t.cancel}</Button>
        </Dialog.Close>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t.saving : t.receiveStock}
        </Button>
      </div>
    </form>
  );
}

/** Records a delivery ('receive' movement) for a product chosen by search, or the one given. */
export function ReceiveStockDialog({
  open,
  product,
  onOpenChange,
}: {
  open: boolean;
  product?: ReceiveTarget;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useMessages(inventoryMessages);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="flex items-center gap-2 text-lg font-bold text-slate-900">
                <PackagePlus aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t.receiveStock}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">{t.receiveStockText}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t.close}>
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>

          <ReceiveStockForm key={product?.productId ?? 'any'} product={product} onDone={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
