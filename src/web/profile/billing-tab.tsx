import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import type { SavedAddress } from '#contracts/addresses';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { AddressForm } from './address-form.tsx';
import { StoreCreditPanel } from './store-credit-panel.tsx';
import { addressesQuery, useDeleteAddressMutation, useSaveAddressMutation } from './profile.api.ts';
import { DataText } from '../components/ui/data-text.tsx';
import { useErrorText } from '../lib/error-text.ts';

function AddressCard({ address, onEdit }: { address: SavedAddress; onEdit: () => void }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const remove = useDeleteAddressMutation();
  const save = useSaveAddressMutation();
  const makeDefault = (kind: 'isDefaultShipping' | 'isDefaultBilling') =>
    save.mutate({ id: address.id, body: { ...address, [kind]: true } }, {
      onError: (error) => notify.error(t('addressNotUpdated'), errorText(error)),
    });

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <MapPin aria-hidden="true" className="h-4 w-4 text-brand-700" />
          {address.label || `${address.firstName} ${address.lastName}`}
        </p>
        <span className="flex flex-wrap gap-1">
          {address.isDefaultShipping && <Badge tone="brand">{t('defaultShipping')}</Badge>}
          {address.isDefaultBilling && <Badge tone="success">{t('defaultBilling')}</Badge>}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        <DataText>
          {address.firstName} {address.lastName}
          {address.company && <>, {address.company}</>}
        </DataText>
        <br />
        <DataText>{address.address}, {address.city} {address.postalCode}</DataText>
        <br />
        <DataText>{address.phone}</DataText> · <DataText>{address.email}</DataText>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" className="h-4 w-4" /> {t('edit')}
        </Button>
        {!address.isDefaultShipping && (
          <Button variant="ghost" size="sm" disabled={save.isPending} onClick={() => makeDefault('isDefaultShipping')}>{t('useForShipping')}</Button>
        )}
        {!address.isDefaultBilling && (
          <Button variant="ghost" size="sm" disabled={save.isPending} onClick={() => makeDefault('isDefaultBilling')}>{t('useForBilling')}</Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          disabled={remove.isPending}
          onClick={() => remove.mutate(address.id, {
            onSuccess: () => notify.success(t('addressRemoved'), t('addressRemovedText')),
            onError: (error) => notify.error(t('addressNotRemoved'), errorText(error)),
          })}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" /> {t('remove')}
        </Button>
      </div>
    </li>
  );
}

export function BillingTab({ email }: { email: string }) {
  const { t } = useTranslation('profile');
  const errorText = useErrorText();
  const { data, isPending, error } = useQuery(addressesQuery());
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  return (
    <div className="space-y-4">
      <StoreCreditPanel />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold text-slate-900">{t('savedAddresses')}</h2>
          <p className="text-sm text-slate-600">{t('savedAddressesText')}</p>
        </div>
        {editing !== 'new' && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {t('addAddress')}
          </Button>
        )}
      </div>
      {editing === 'new' && <AddressForm email={email} onDone={() => setEditing(null)} />}
      {isPending ? (
        <Skeleton className="h-32" />
      ) : error ? (
        <p role="alert" className="text-sm text-red-700">{t('addressesFailed')} {errorText(error)}</p>
      ) : data.addresses.length === 0 && editing !== 'new' ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{t('noAddresses')}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {data.addresses.map((address) =>
            editing === address.id ? (
              <li key={address.id} className="md:col-span-2">
                <AddressForm address={address} email={email} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <AddressCard key={address.id} address={address} onEdit={() => setEditing(address.id)} />
            ),
          )}
        </ul>
      )}
    </div>
  );
}
