import { useTranslation } from 'react-i18next';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { DataText } from './data-text.tsx';

export interface Crumb {
  label: string;
  /** Omitted for the current page, the last crumb. */
  to?: string;
}

/** 'Home / Products / Cardiology / Satinsky Clamp', the last crumb being the page itself; each label in its own direction. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useTranslation('components');
  return (
    <nav aria-label={t('breadcrumb')} className="min-w-0 text-sm text-slate-500">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {items.map((item, index) => (
          <Fragment key={`${index}-${item.label}`}>
            {index > 0 && <li aria-hidden="true">/</li>}
            {item.to ? (
              <li>
                <Link to={item.to} className="hover:text-brand-700">
                  <DataText>{item.label}</DataText>
                </Link>
              </li>
            ) : (
              <DataText as="li" aria-current="page" className="line-clamp-1 font-medium text-slate-800">
                {item.label}
              </DataText>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
