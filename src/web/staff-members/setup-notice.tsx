import { useTranslation } from 'react-i18next';
import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Store } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { setupStatusQuery } from './staff-members.api.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

function SetupNoticeText() {
  const { t } = useTranslation('staff-members');
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 text-sm text-amber-950 sm:px-6 lg:px-8">
        <Store aria-hidden="true" className="h-5 w-5 shrink-0" />
        <p className="flex-1">{t('setupNotice')}</p>
        <Link to="/setup" className={buttonClasses({ size: 'sm' })}>{t('setupPageTitle')}</Link>
      </div>
    </div>
  );
}

/**
 * On a shop without any staff account yet (started with SEED=none), points whoever runs it to /setup. Asked by the
 * browser only: a server-rendered home page is kept with the catalogue, which the shop's setup is no part of.
 */
export function SetupNotice() {
  const status = useQuery({ ...setupStatusQuery(), enabled: useHydrated() });
  // The texts load only when there is something to say, so a set-up shop's home page fetches no catalogue for it; the
  // notice waits for them on its own, never taking the page down to its loading state.
  return status.data?.needed ? <Suspense fallback={null}><SetupNoticeText /></Suspense> : null;
}
