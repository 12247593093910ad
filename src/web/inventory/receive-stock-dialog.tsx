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
import { choicesQuery, useCreateMovement } from './inventory.api.ts';

type Errors = Partial<Record<'product' | 'quantity' | 'reason', string>>;

export interface ReceiveTarget {
  productId: number;
  productName: string;
}

/** The form lives inside the dialog's content, which unmounts on close: every opening starts afresh. */
function ReceiveStockForm({ product, onDone }: { product?: ReceiveTarget; onDone: () => void }) {
  const givenProductId = product?.productId;
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState(givenProductId ? String(givenProductId) : '');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
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
        label: `${c.productName} (${c.productModel}) — ${c.availableStock} available`,
      }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const units = Number(quantity);
    const found: Errors = {};
    if (!productId) found.product = 'Choose a product.';
    if (!Number.isInteger(units) || units < 1 || units > MAX_MOVEMENT_QUANTITY) found.quantity = 'Enter a whole number of at least 1.';
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(
      { productId: Number(productId), body: { kind: 'receive', quantity: units, reason: reason.trim() } },
      {
        onSuccess: ({ item }) => {
          notify.success('Stock received', `${item.productName}: ${item.availableStock} available now.`);
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            setErrors({ quantity: error.fieldErrors.quantity?.[0], reason: error.fieldErrors.reason?.[0] });
          } else {
            notify.error('Could not receive stock', error.message);
          }
        },
      },
    );
  };

  return (
    <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
      {!givenProductId && (
        <TextField
          label="Find product"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name, brand or model"
        />
      )}
      <SelectField
        label="Product"
        required
        value={productId}
        onChange={(event) => setProductId(event.target.value)}
        options={options}
        placeholder={choices.isLoading ? 'Loading…' : 'Choose a product'}
        error={errors.product}
      />
      <TextField
        label="Quantity"
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
        label="Reason"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        placeholder="e.g. Delivery from Sialkot"
        error={errors.reason}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Receive stock'}
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
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="flex items-center gap-2 text-lg font-bold text-slate-900">
                <PackagePlus aria-hidden="true" className="h-5 w-5 text-brand-700" /> Receive stock
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">Record a delivery; it goes on sale at once.</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
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
