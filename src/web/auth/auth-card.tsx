import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../components/ui/card.tsx';
import { cx } from '../lib/class-names.ts';

export type AuthCardTone = 'brand' | 'success' | 'danger' | 'warning';

const tones: Record<AuthCardTone, string> = {
  brand: 'bg-brand-50 text-brand-700 ring-brand-100',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-100',
  danger: 'bg-red-50 text-red-600 ring-red-100',
  warning: 'bg-amber-50 text-amber-700 ring-amber-100',
};

/** The centred card every sign-in, account and guard screen sits in. */
export function AuthCard({
  icon: Icon,
  tone = 'brand',
  title,
  description,
  width = 'md',
  children,
}: {
  icon: LucideIcon;
  tone?: AuthCardTone;
  title: string;
  description?: ReactNode;
  width?: 'md' | 'lg';
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <section className="bg-gradient-to-b from-brand-50/70 to-slate-50 px-4 py-10 sm:py-16">
      <title>{t('pageTitle', { title })}</title>
      <Card className={cx('mx-auto w-full p-6 sm:p-8', width === 'md' ? 'max-w-md' : 'max-w-2xl')}>
        <div className="flex flex-col items-center text-center">
          <span className={cx('flex h-14 w-14 items-center justify-center rounded-2xl ring-1', tones[tone])}>
            <Icon aria-hidden="true" className="h-7 w-7" />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {description && <div className="mt-2 text-sm leading-6 text-slate-600">{description}</div>}
        </div>
        {children && <div className="mt-7">{children}</div>}
      </Card>
    </section>
  );
}
