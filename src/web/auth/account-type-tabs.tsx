import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Building2, UserRound } from 'lucide-react';
import { ACCOUNT_TYPES } from '#contracts/auth';
import type { AccountType } from './normalize-user.ts';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs.tsx';

const ICONS: Record<AccountType, typeof UserRound> = { individual: UserRound, business: Building2 };

/**
 * Individual / Business tabs (arrow keys move between them and stop at either end); the panel holds the form for
 * the chosen type and stays mounted across a switch, so what was typed is kept.
 */
export function AccountTypeTabs({
  value,
  onChange,
  children,
}: {
  value: AccountType;
  onChange: (type: AccountType) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');

  return (
    <Tabs value={value} onValueChange={(type) => onChange(type as AccountType)}>
      <TabList look="pill" loop={false} aria-label={t('accountType')} className="grid grid-cols-2">
        {ACCOUNT_TYPES.map((type) => {
          const Icon = ICONS[type];
          return (
            <Tab key={type} value={type} look="pill" className="inline-flex h-10 items-center justify-center gap-2 text-sm data-[state=active]:ring-1 data-[state=active]:ring-slate-200">
              <Icon aria-hidden="true" className="h-4 w-4" />
              {t(type)}
            </Tab>
          );
        })}
      </TabList>
      <TabPanel value={value} className="mt-6">
        {children}
      </TabPanel>
    </Tabs>
  );
}
