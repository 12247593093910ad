import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BadgeCheck, ChevronRight, MailWarning, Package, Settings, UserRound } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Badge } from '../components/ui/badge.tsx';
import { Card } from '../components/ui/card.tsx';
import { staffPagesFor } from '../staff/staff-pages.ts';
import { useCurrentUser } from './use-current-user.ts';

function AccountLink({ to, icon: Icon, title, text }: { to: string; icon: LucideIcon; title: string; text?: string }) {
  return (
    <Link to={to} className="group flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/50">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className="flex-1">
        <span className="block font-semibold text-slate-900">{title}</span>
        {text && <span className="block text-sm text-slate-600">{text}</span>}
      </span>
      <ChevronRight aria-hidden="true" className="h-5 w-5 text-slate-400 transition-transform group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5 rtl:-scale-x-100" />
    </Link>
  );
}

/** The signed-in user's home: who they are and where to manage their account. Rendered behind the route guard. */
export function AccountPage() {
  const { user } = useCurrentUser();
  const { t } = useTranslation(['auth', 'staff-menu']);
  if (!user) return null;
  const staffPages = staffPagesFor(user);
  const organisation = user.accountType === 'business' ? user.profile.hospital_name : undefined;

  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <title>{t('myAccountTitle')}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('myAccount')}</h1>
      <Card className="mt-6 flex flex-col gap-5 p-6 sm:flex-row sm:items-center">
        <span aria-hidden="true" className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white">
          <UserRound className="h-8 w-8" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xl font-semibold text-slate-900">
            {user.firstName} {user.lastName}
          </p>
          <p dir="ltr" className="truncate text-start text-slate-600">{user.email}</p>
          {organisation && <p className="text-sm text-slate-600">{organisation}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            <Badge tone="brand">{t('accountBadge', { type: t(user.accountType) })}</Badge>
            {user.isVerified ? (
              <Badge tone="success">
                <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" /> {t('emailVerified')}
              </Badge>
            ) : (
              <Badge tone="warning">
                <MailWarning aria-hidden="true" className="h-3.5 w-3.5" /> {t('emailNotVerified')}
              </Badge>
            )}
          </div>
        </div>
      </Card>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <AccountLink to="/profile/settings" icon={Settings} title={t('profileSettings')} text={t('profileSettingsText')} />
        <AccountLink to="/orders" icon={Package} title={t('myOrders')} text={t('myOrdersText')} />
      </div>
      {staffPages.length > 0 && (
        <section aria-labelledby="staff-screens" className="mt-8">
          <h2 id="staff-screens" className="text-lg font-bold text-slate-900">{t('staffScreens')}</h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {staffPages.map((page) => <AccountLink key={page.to} to={page.to} icon={page.icon} title={t(`staff-menu:${page.label}`)} />)}
          </div>
        </section>
      )}
    </section>
  );
}
