import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { LICENCE_STATUSES, type LicenceStatus } from '#contracts/licences';
import { staffAccess } from '#contracts/staff-roles';
import { mayOpen } from '../staff/staff-pages.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { AdminAccessRequired } from '../staff/staff-only.tsx';
import { LicenceReviewRow } from './licence-review-row.tsx';
import { licenceBlocksQuery, restrictedCategoriesQuery, staffLicencesQuery, useSetRestricted } from './licences.api.ts';
import { PageHeader } from '../components/ui/page-header.tsx';
import { useErrorText } from '../lib/error-text.ts';

function LicenceQueue({ t }: { t: TFunction<'licences'> }) {
  const [status, setStatus] = useState<LicenceStatus | undefined>('pending');
  const licences = useQuery(staffLicencesQuery(status));
  const filters: [LicenceStatus | undefined, string][] = [...LICENCE_STATUSES.map((s): [LicenceStatus, string] => [s, t('status', { context: s })]), [undefined, t('filterAll')]];
  return (
    <section aria-label={t('staffHeading')}>
      <div role="group" className="flex flex-wrap gap-2">
        {filters.map(([value, label]) => (
          <Button key={label} size="sm" variant={status === value ? 'primary' : 'secondary'} aria-pressed={status === value} onClick={() => setStatus(value)}>
            {label}
          </Button>
        ))}
      </div>
      {licences.isError ? (
        <div className="mt-4"><ErrorState title={t('loadFailed')} error={licences.error} onRetry={() => void licences.refetch()} /></div>
      ) : licences.isPending ? (
        <p role="status" className="mt-4 text-sm text-slate-600">{t('loading')}</p>
      ) : licences.data.licences.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t('staffNone')}</p>
      ) : (
        <Card className="mt-4">
          <ul className="divide-y divide-slate-200">
            {licences.data.licences.map((licence) => <LicenceReviewRow key={licence.id} licence={licence} />)}
          </ul>
        </Card>
      )}
    </section>
  );
}

function RestrictedCategories({ t }: { t: TFunction<'licences'> }) {
  const categories = useQuery(restrictedCategoriesQuery());
  const setRestricted = useSetRestricted();
  const errorText = useErrorText();
  return (
    <section aria-labelledby="restricted-heading">
      <h2 id="restricted-heading" className="text-lg font-semibold text-slate-900">{t('categoriesHeading')}</h2>
      <p className="text-sm text-slate-600">{t('categoriesIntro')}</p>
      {categories.data && (
        <Card className="mt-3">
          <ul className="grid gap-x-6 p-4 sm:grid-cols-2">
            {categories.data.categories.map((category) => (
              <li key={category.id} className="flex items-center justify-between gap-3 py-2">
                <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox" className="h-4 w-4 accent-brand-700" checked={category.restricted} aria-label={t('restrictedLabel', { name: category.name })}
                    disabled={setRestricted.isPending}
                    onChange={(event) => setRestricted.mutate({ id: category.id, restricted: event.target.checked }, {
                      onSuccess: () => notify.success(t('categoryUpdated'), category.name),
                      onError: (error) => notify.error(t('actionFailed'), errorText(error)),
                    })}
                  />
                  {category.name}
                </label>
                <span className="text-xs text-slate-500">{t('productCount', { count: category.product_count })}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

function BlockLog({ t }: { t: TFunction<'licences'> }) {
  const f = useFormat();
  const [page, setPage] = useState(1);
  const blocks = useQuery(licenceBlocksQuery(page));
  return (
    <section aria-labelledby="blocks-heading">
      <h2 id="blocks-heading" className="text-lg font-semibold text-slate-900">{t('blocksHeading')}</h2>
      {blocks.data && (blocks.data.count === 0 ? <p className="mt-2 text-sm text-slate-600">{t('blocksNone')}</p> : (
        <>
          <p className="text-sm text-slate-600">{t('blocksCount', { count: blocks.data.count })}</p>
          <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-start text-sm">
              <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                <tr>{[t('when'), t('buyer'), t('product'), t('reason')].map((h) => <th key={h} scope="col" className="px-3 py-2 text-start">{h}</th>)}</tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {blocks.data.blocks.map((block) => (
                  <tr key={block.id}>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-600">{f.dateTime(block.created_at)}</td>
                    <td className="px-3 py-2">{block.user_email}</td>
                    <td className="px-3 py-2"><Link className="text-brand-700 hover:underline" to={`/products/${block.product_slug}`}>{block.product_name}</Link> <span className="text-slate-500">({block.category_name})</span></td>
                    <td className="px-3 py-2">{t('reasonName', { context: block.reason })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {blocks.data.total_pages > 1 && (
            <nav className="mt-3 flex items-center justify-center gap-3">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('previous')}</Button>
              <span className="text-sm text-slate-700">{t('pageOf', { page, total: blocks.data.total_pages })}</span>
              <Button variant="secondary" size="sm" disabled={page >= blocks.data.total_pages} onClick={() => setPage(page + 1)}>{t('next')}</Button>
            </nav>
          )}
        </>
      ))}
    </section>
  );
}

/** /staff/licences: licence verification, restricted categories and the log of refused checkouts. */
export function StaffLicencesPage() {
  const { t } = useTranslation('licences');
  const { user } = useCurrentUser();
  if (user && !mayOpen(user, staffAccess.customersRead)) return <AdminAccessRequired reason={t('adminRequiredText')} />;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('staffTitle')}</title>
      <PageHeader icon={ShieldCheck} title={t('staffHeading')} intro={t('staffIntro')} />
      <LicenceQueue t={t} />
      <RestrictedCategories t={t} />
      <BlockLog t={t} />
    </div>
  );
}
