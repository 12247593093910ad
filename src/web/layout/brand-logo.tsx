import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../lib/class-names.ts';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
    </svg>
  );
}

/** The mark plus the wordmark; `tone="light"` for dark backgrounds. */
export function BrandLogo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t: text } = useTranslation('layout');
  return (
    <span className="inline-flex items-center gap-2.5">
      <BrandMark className={cx('h-8 w-8 sm:h-9 sm:w-9', tone === 'dark' ? 'text-brand-700' : 'text-brand-500')} />
      <span className="flex flex-col leading-none max-[374px]:hidden">
        <span className={cx('text-base font-bold tracking-tight whitespace-nowrap sm:text-lg', tone === 'dark' ? 'text-slate-900' : 'text-white')}>
          {text('brandName')}
        </span>
        <span
          className={cx(
            'mt-0.5 hidden text-[10px] font-semibold tracking-[0.18em] whitespace-nowrap uppercase min-[400px]:block',
            tone === 'dark' ? 'text-brand-700' : 'text-brand-200',
          )}
        >
          {text('brandTagline')}
        </span>
      </span>
    </span>
  );
}

/** The logo as the link home, named by the wordmark people see and, for screen readers, where it goes. */
export function HomeLink({ tone, className, onClick }: { tone?: 'dark' | 'light'; className?: string; onClick?: () => void }) {
  const { t: text } = useTranslation('layout');
  return (
    <Link to="/" onClick={onClick} className={cx('rounded-md', className)}>
      <BrandLogo tone={tone} />
      <span className="sr-only">{text('homePage')}</span>
    </Link>
  );
}
