import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Lock, Warehouse } from 'lucide-react';
import { AuthCard } from '../auth/auth-card.tsx';
import { staffAccess } from '#contracts/staff-roles';
import { mayOpen } from '../staff/staff-pages.ts';
import { CheckingAccountCard, returnState } from '../auth/require-auth.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { buttonClasses } from '../components/ui/button.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs.tsx';
import { AlertsTab } from './alerts-tab.tsx';
import { ExpiringLots } from '../lots/expiring-lots.tsx';
import { ItemsTab } from './items-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { ReceiveStockDialog, type ReceiveTarget } from './receive-stock-dialog.tsx';
import { AdminAccessRequired } from '../staff/staff-only.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';

const TABS = [
  { id: 'overview', label: 'tabOverview' },
  { id: 'items', label: 'tabItems' },
  { id: 'alerts', label: 'tabAlerts' },
] as const;
export type InventoryTab = (typeof TABS)[number]['id'];

function InventoryManagement() {
  const { t } = useTranslation('inventory');
  const [params, setParams] = useSearchParams();
  const tab: InventoryTab = TABS.some((entry) => entry.id === params.get('tab')) ? (params.get('tab') as InventoryTab) : 'overview';
  const [receiving, setReceiving] = useState<{ open: boolean; product?: ReceiveTarget }>({ open: false });
  const show = (next: InventoryTab) => setParams(next === 'overview' ? {} : { tab: next });
  const receive = (product?: ReceiveTarget) => setReceiving({ open: true, product });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={Warehouse} title={t('heading')} intro={t('intro')} />

      <Tabs value={tab} onValueChange={(next) => show(next as InventoryTab)}>
        <TabList look="underline" aria-label={t('sections')} className="mt-6 overflow-x-auto">
          {TABS.map(({ id, label }) => (
            <Tab key={id} value={id} look="underline" className="shrink-0">
              {t(label)}
            </Tab>
          ))}
        </TabList>

        <TabPanel value={tab} className="mt-6">
          {tab === 'overview' && <OverviewTab onAddStock={() => receive()} onShowAlerts={() => show('alerts')} />}
          {tab === 'items' && <ItemsTab onReceive={receive} />}
          {tab === 'alerts' && (
            <div className="space-y-8">
              <AlertsTab onReceive={receive} />
              <ExpiringLots />
            </div>
          )}
        </TabPanel>
      </Tabs>

      <ReceiveStockDialog
        open={receiving.open}
        product={receiving.product}
        onOpenChange={(open) => setReceiving((current) => ({ ...current, open }))}
      />
    </div>
  );
}

/** /inventory: staff and superusers only. */
export function InventoryPage() {
  // Every text the page can show, loaded with it: the item cards show the catalogue's stock badge and the dialog the
  // lots' words. One loaded later would blank the page (and a search being typed) while it arrives.
  const { t } = useTranslation(['inventory', 'auth', 'catalog', 'lots']);
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();

  if (isLoading) {
    return <CheckingAccountCard />;
  }
  if (!user) {
    const state = returnState(location);
    return (
      <AuthCard icon={Lock} tone="warning" title={t('accessRestricted')} description={t('pleaseLogIn')}>
        <Link to="/login" state={state} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {t('signIn')}
        </Link>
      </AuthCard>
    );
  }
  if (!mayOpen(user, staffAccess.fulfilment)) return <AdminAccessRequired reason={t('adminRequiredText')} />;
  return <InventoryManagement />;
}
