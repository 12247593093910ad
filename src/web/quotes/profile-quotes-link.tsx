import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight, FileText } from 'lucide-react';
import { useCurrentUser } from '../auth/use-current-user.ts';

/** The profile's way to the business buyer's quotes. */
export function ProfileQuotesLink() {
  const { t } = useTranslation('quotes');
  const { user } = useCurrentUser();
  if (user?.accountType !== 'business') return null;
  return (
    <Link
      to="/profile/quotes"
      className="mt-4 flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:bg-brand-50/40"
    >
      <FileText aria-hidden="true" className="h-5 w-5 text-brand-700" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{t('myQuotesTitle')}</span>
        <span className="block text-sm text-slate-600">{t('myQuotesIntro')}</span>
      </span>
      <ChevronRight aria-hidden="true" className="h-5 w-5 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
