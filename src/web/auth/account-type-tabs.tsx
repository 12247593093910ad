import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Building2, UserRound } from 'lucide-react';
import { ACCOUNT_TYPES } from '#contracts/auth';
import { cx } from '../lib/class-names.ts';
import type { AccountType } from './normalize-user.ts';
import { arrowStep } from '../i18n/reading-direction.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { authMessages } from './messages.ts';

const ICONS: Record<AccountType, typeof UserRound> = { individual: UserRound, business: Building2 };

/** Individual / Business tabs (arrow keys move between them); the panel holds the form for the chosen type. */
export function AccountTypeTabs({
  id,
  value,
  onChange,
  children,
}: {
  id: string;
  value: AccountType;
  onChange: (type: AccountType) => void;
  children: ReactNode;
}) {
  const tabs = useRef<Partial<Record<AccountType, HTMLButtonElement | null>>>({});
  const t = useMessages(authMessages);

  function onKeyDown(event: KeyboardEvent) {
    const step = arrowStep(event.key) || { Home: -ACCOUNT_TYPES.length, End: ACCOUNT_TYPES.length }[event.key];
    if (!step) return;
    event.preventDefault();
    const index = Math.min(Math.max(ACCOUNT_TYPES.indexOf(value) + step, 0), ACCOUNT_TYPES.length - 1);
    const next = ACCOUNT_TYPES[index];
    onChange(next);
    tabs.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={t.accountType} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1" onKeyDown={onKeyDown}>
        {ACCOUNT_TYPES.map((type) => {
          const Icon = ICONS[type];
          const selected = type === value;
          return (
            <button
              key={type}
              ref={(element) => {
                tabs.current[type] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${type}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(type)}
              className={cx(
                'inline-flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors',
                selected ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {t[type]}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} className="mt-6">
        {children}
      </div>
    </div>
  );
}
