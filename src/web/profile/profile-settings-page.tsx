import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Bell, CreditCard, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs.tsx';
import { ProfilePrivateLabelLink } from '../private-label/my-private-label-page.tsx';
import { ProfileQuotesLink } from '../quotes/profile-quotes-link.tsx';
import { BillingTerms } from '../organisations/billing-terms.tsx';
import { OrganisationStatus } from '../organisations/organisation-status.tsx';
import { BillingTab } from './billing-tab.tsx';
import { NotificationsTab } from './notifications-tab.tsx';
import { ProfileTab } from './profile-tab.tsx';
import { SecurityTab } from './security-tab.tsx';
import { PageTitle } from '../layout/page-title.tsx';

const TABS = [
  { id: 'profile', label: 'tabProfile', icon: UserRound },
  { id: 'security', label: 'tabSecurity', icon: ShieldCheck },
  { id: 'notifications', label: 'tabNotifications', icon: Bell },
  { id: 'billing', label: 'tabBilling', icon: CreditCard },
] as const satisfies ReadonlyArray<{ id: string; label: string; icon: LucideIcon }>;

/** Rendered behind the route guard. The open tab lives in ?tab= so it survives a reload and can be linked. */
export function ProfileSettingsPage() {
  // Loaded with the page, not when the account arrives or a tab opens (which would blank it and what is being typed):
  // the quotes link, the organisation and its billing terms, and the address form's labels.
  const { t } = useTranslation(['profile', 'quotes', 'organisations', 'checkout', 'private-label']);
  const { user } = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  if (!user) return null;
  const active = TABS.find((tab) => tab.id === search.get('tab'))?.id ?? 'profile';

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle>{t('heading')}</PageTitle>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('heading')}</h1>
      <p className="mt-1 text-slate-600">{t('intro')}</p>
      <ProfileQuotesLink />
      <ProfilePrivateLabelLink />
      <Tabs value={active} onValueChange={(id) => setSearch({ tab: id }, { replace: true })}>
        <TabList look="pill" aria-label={t('settings')} className="mt-6 grid grid-cols-4">
          {TABS.map(({ id, label, icon: Icon }) => (
            <Tab key={id} value={id} look="pill" className="flex flex-col items-center justify-center gap-1 px-1 py-2 text-xs sm:flex-row sm:gap-2 sm:text-sm">
              <Icon aria-hidden="true" className="h-4 w-4" />
              {t(label)}
            </Tab>
          ))}
        </TabList>
        <TabPanel value={active} className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          {active === 'profile' && <OrganisationStatus user={user} />}
          {active === 'profile' && <ProfileTab user={user} />}
          {active === 'security' && <SecurityTab />}
          {active === 'notifications' && <NotificationsTab user={user} />}
          {active === 'billing' && <BillingTerms accountType={user.accountType} />}
          {active === 'billing' && <BillingTab email={user.email} />}
        </TabPanel>
      </Tabs>
    </div>
  );
}
