import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import type { StaffFlashSale } from '#contracts/flash-sales';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { choicesQuery } from '../inventory/inventory.api.ts';
import { ApiError } from '../lib/api.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { flashSaleMessages } from './messages.ts';
import { staffFlashSalesQuery, useEndFlashSale, useSaveFlashSale } from './flash-sales.api.ts';

const FIELDS = ['productId', 'salePrice', 'startsAt', 'endsAt', 'units'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

/** An ISO instant as the value of a datetime-local input, in the browser's time zone. */
const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const instant = (local: string) => (local ? new Date(local).toISOString() : '');
const inHours = (hours: number) => localInput(new Date(Date.now() + hours * 3_600_000).toISOString());

function SaleForm({ editing, onDone }: { editing: StaffFlashSale | null; onDone: () => void }) {
  const t = useMessages(flashSaleMessages);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [productId, setProductId] = useState(editing ? String(editing.productId) : '');
  const [salePrice, setSalePrice] = useState(editing?.salePrice ?? '');
  const [startsAt, setStartsAt] = useState(editing ? localInput(editing.startsAt) : inHours(0));
  const [endsAt, setEndsAt] = useState(editing ? localInput(editing.endsAt) : inHours(24));
  const [units, setUnits] = useState(editing?.units === null || !editing ? '' : String(editing.units));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveFlashSale();

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const choices = useQuery(choicesQuery(debounced));
  const options = (choices.data?.items ?? []).map((c) => ({ value: String(c.productId), label: `${c.productName} (${c.productModel})` }));
  if (editing && !options.some((option) => option.value === String(editing.productId))) {
    options.unshift({ value: String(editing.productId), label: `${editing.productName} (${editing.productModel})` });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      productId: Number(productId), salePrice, startsAt: instant(startsAt), endsAt: instant(endsAt),
      units: units.trim() === '' ? null : Number(units),
    };
    save.mutate({ id: editing?.id ?? null, body }, {
      onSuccess: (sale) => {
        notify.success(t.saved, sale.productName);
        setErrors({});
        setSalePrice('');
        setUnits('');
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          setErrors(Object.fromEntries(FIELDS.map((field) => [field, error.fieldErrors[field]?.join(' ')])));
        } else {
          notify.error(t.saveFailed, error.message);
        }
      },
    });
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Zap aria-hidden="true" className="h-5 w-5 text-amber-600" /> {editing ? t.editHeading(editing.productName) : t.newHeading}
      </h2>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate aria-label={editing ? t.editHeading(editing.productName) : t.newHeading}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t.findProduct} type="search" value={search} placeholder={t.searchPlaceholder}
            onChange={(event) => setSearch(event.target.value)} />
          <SelectField label={t.product} required value={productId} onChange={(event) => setProductId(event.target.value)}
            options={options} placeholder={choices.isLoading ? t.loading : t.chooseProduct} error={errors.productId} />
          <TextField label={t.salePrice} required inputMode="decimal" dir="ltr" value={salePrice} hint={t.salePriceHint}
            onChange={(event) => setSalePrice(event.target.value)} error={errors.salePrice} />
          <TextField label={t.units} inputMode="numeric" dir="ltr" value={units} hint={t.unitsHint}
            onChange={(event) => setUnits(event.target.value)} error={errors.units} />
          <TextField label={t.startsAt} required type="datetime-local" value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)} error={errors.startsAt} />
          <TextField label={t.endsAt} required type="datetime-local" value={endsAt}
            onChange={(event) => setEndsAt(event.target.value)} error={errors.endsAt} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {editing && <Button type="button" variant="ghost" onClick={onDone}>{t.cancelEdit}</Button>}
          <Button type="submit" disabled={save.isPending}>{save.isPending ? t.saving : editing ? t.save : t.create}</Button>
        </div>
      </form>
    </Card>
  );
}

const STATE_TONES = { running: 'success', scheduled: 'brand', ended: 'neutral' } as const;

function SaleRow({ sale, onEdit }: { sale: StaffFlashSale; onEdit: () => void }) {
  const t = useMessages(flashSaleMessages);
  const f = useFormat();
  const end = useEndFlashSale();
  const endNow = () => end.mutate(sale.id, {
    onSuccess: (answer) => notify.success(answer.sale ? t.endedToast : t.withdrawnToast, sale.productName),
    onError: (error) => notify.error(t.endFailed, error.message),
  });
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="flash-sale-row">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <DataText as="h3" className="font-bold text-slate-900">{sale.productName}</DataText>
          <Badge tone={STATE_TONES[sale.state]}>{t[sale.state]}</Badge>
        </div>
        <p className="text-sm text-slate-600"><bdi>{sale.productModel}</bdi> · {t.prices(f.price(sale.salePrice), f.price(sale.listPrice))}</p>
        <p className="text-sm text-slate-600">{t.window(f.dateTime(sale.startsAt), f.dateTime(sale.endsAt))}</p>
        <p className="text-sm font-medium text-slate-800" data-testid="flash-sale-counts">
          {t.counts(f.number(sale.soldCount), f.number(sale.availableStock))} · {t.allocation(sale.units === null ? null : f.number(sale.units))}
        </p>
      </div>
      {sale.state !== 'ended' && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit}>{t.edit}</Button>
          <Button size="sm" variant="secondary" className="text-red-700" disabled={end.isPending} onClick={endNow}>{end.isPending ? t.ending : t.endNow}</Button>
        </div>
      )}
    </Card>
  );
}

function FlashSaleManagement() {
  const t = useMessages(flashSaleMessages);
  const sales = useQuery(staffFlashSalesQuery());
  const [editing, setEditing] = useState<StaffFlashSale | null>(null);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t.pageTitle}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t.heading}</h1>
        <p className="mt-1 text-sm text-slate-600">{t.intro}</p>
      </div>
      <SaleForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <section aria-labelledby="flash-sales-heading" className="space-y-3">
        <h2 id="flash-sales-heading" className="text-lg font-bold text-slate-900">{t.listHeading}</h2>
        {sales.isPending ? <Skeleton className="h-24 w-full" /> : sales.isError ? (
          <ErrorState title={t.loadFailed} error={sales.error} onRetry={() => void sales.refetch()} retrying={sales.isFetching} />
        ) : sales.data.sales.length === 0 ? (
          <p className="text-sm text-slate-600">{t.none}</p>
        ) : (
          <ul className="space-y-3">
            {sales.data.sales.map((sale) => (
              <li key={sale.id}>
                <SaleRow sale={sale} onEdit={() => {
                  setEditing(sale);
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /staff/flash-sales (inside the sign-in guard): staff and superusers only; everyone else is sent home. */
export function StaffFlashSalesPage() {
  const t = useMessages(flashSaleMessages);
  return <StaffOnly reason={t.staffOnly}><FlashSaleManagement /></StaffOnly>;
}
