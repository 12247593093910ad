import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import type { getStoreCredit, storeCreditEntry } from '#contracts/returns';
import type { z } from 'zod';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { storeCreditQuery } from './store-credit.api.ts';

type Entry = z.infer<typeof storeCreditEntry>;
type Account = Pick<z.infer<typeof getStoreCredit.response>, 'balance' | 'entries'>;

function EntryRow({ entry }: { entry: Entry }) {
  const { t } = useTranslation('profile');
  const f = useFormat();
  const amount = Number(entry.amount);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{t(`storeCreditKind_${entry.kind}`)}</p>
        <p className="text-xs text-slate-600">
          {f.date(entry.created_at)}
          {entry.order_number && <> · {t('storeCreditOrder')} <DataText>{entry.order_number}</DataText></>}
          {entry.rma && <> · <DataText>{entry.rma}</DataText></>}
          {entry.credit_note && (
            <> · <a className="font-semibold text-brand-700 underline" href={entry.credit_note.pdf_url}>{t('storeCreditNote', { number: entry.credit_note.number })}</a></>
          )}
        </p>
      </div>
      <p className={amount < 0 ? 'font-semibold text-slate-900' : 'font-semibold text-emerald-700'}>
        {amount < 0 ? `−${f.price(-amount)}` : `+${f.price(amount)}`}
      </p>
    </li>
  );
}

function AccountCard({ title, account }: { title: string; account: Account }) {
  const { t } = useTranslation('profile');
  const f = useFormat();
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900"><DataText>{title}</DataText></h3>
        <p className="text-sm text-slate-600">
          {t('storeCreditBalance')} <span className="text-lg font-bold text-slate-900">{f.price(account.balance)}</span>
        </p>
      </div>
      {account.entries.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100" aria-label={t('storeCreditEntries')}>
          {account.entries.map((entry, index) => <EntryRow key={`${entry.created_at}-${index}`} entry={entry} />)}
        </ul>
      )}
    </section>
  );
}

const hasAny = (account: Account | null): account is Account => account !== null && (Number(account.balance) > 0 || account.entries.length > 0);

/** "Store credit": the buyer's balance and its entries, and their organisation's; nothing while there is none. */
export function StoreCreditPanel() {
  const { t } = useTranslation('profile');
  const { data } = useQuery(storeCreditQuery());
  if (!data) return null;
  const own = hasAny(data) ? data : null;
  const organisation = hasAny(data.organisation) ? data.organisation : null;
  if (!own && !organisation) return null;
  return (
    <div className="space-y-3">
      <div>
        <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <Wallet aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t('storeCredit')}
        </h2>
        <p className="text-sm text-slate-600">{t('storeCreditText')}</p>
      </div>
      {own && <AccountCard title={t('storeCreditYours')} account={own} />}
      {organisation && data.organisation && <AccountCard title={data.organisation.name} account={organisation} />}
    </div>
  );
}
