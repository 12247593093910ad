import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Clock, Star } from 'lucide-react';
import type { FlashSaleItem } from '#contracts/catalog';
import { productPath } from '../catalog/product-card.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { cx } from '../lib/class-names.ts';
import { DEAL_BUTTON_LABELS, dealState, formatCountdown, msUntil, soldPercent, urgencyLabel } from './flash-sale-logic.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useTranslated } from '../i18n/translated.ts';
import { DataText } from '../components/ui/data-text.tsx';

/** One flash deal; `now` comes from the section's shared one-second clock. */
export function FlashSaleCard({ item, now }: { item: FlashSaleItem; now: number }) {
  const { t } = useTranslation('home');
  const f = useFormat();
  const categoryName = useTranslated();
  const countdown = formatCountdown(msUntil(item.saleEndTime, now));
  const percentSold = soldPercent(item);
  const state = dealState(item, now);
  const titleId = `flash-sale-${item.id}`;

  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[16/10] bg-slate-50 sm:aspect-[4/3]">
        <img src={item.image} alt={item.name} loading="lazy" width={400} height={300} className="h-full w-full object-contain p-4" />
        <Badge tone="danger" className="absolute top-3 start-3 text-sm">
          -{item.discount}%
        </Badge>
      </div>

      <div className="flex flex-1 flex-col p-5">
        <DataText as="p" className="truncate text-xs font-semibold tracking-wider text-brand-700 uppercase">
          {categoryName(item.category, item.category_translations)}
        </DataText>
        <DataText as="h3" id={titleId} className="mt-1 line-clamp-2 font-semibold text-slate-900">
          {item.name}
        </DataText>
        {item.variantLabel && <DataText as="p" className="mt-0.5 text-sm text-slate-600">{item.variantLabel}</DataText>}
        {item.rating > 0 && (
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
            <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-400" />
            <span>
              <span className="sr-only">{t('rated')}</span>
              {f.number(item.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
              <span className="sr-only">{t('outOf5')}</span>
            </span>
          </p>
        )}

        <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
          <span className="text-2xl font-bold text-slate-900">
            <span className="sr-only">{t('salePrice')}</span>
            {f.price(item.salePrice)}
          </span>
          <s className="text-sm text-slate-500">
            <span className="sr-only">{t('was')}</span>
            {f.price(item.originalPrice)}
          </s>
        </p>

        <div className="mt-4">
          <div className="flex items-center justify-between text-xs font-medium">
            <span className={cx(percentSold >= 80 ? 'text-red-700' : percentSold >= 60 ? 'text-amber-700' : 'text-brand-700')}>
              {t(urgencyLabel(percentSold))}
            </span>
            <span className="text-slate-500">
              {t('soldAndLeft', { sold: f.number(item.soldCount), left: f.number(item.availableStock) })}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={t('shareSold')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percentSold)}
            className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className={cx('h-full rounded-full', percentSold >= 80 ? 'bg-red-500' : percentSold >= 60 ? 'bg-amber-500' : 'bg-brand-500')}
              style={{ width: `${percentSold}%` }}
            />
          </div>
        </div>

        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Clock aria-hidden="true" className="h-4 w-4 text-slate-400" />
          {countdown === 'EXPIRED' ? (
            <span className="font-semibold text-slate-500">{t('expired')}</span>
          ) : (
            <>
              {t('endsIn')}
              <time data-testid="countdown" dateTime={item.saleEndTime} className="font-mono font-semibold text-slate-900 tabular-nums">
                {countdown}
              </time>
            </>
          )}
        </p>

        <div className="mt-auto pt-5">
          {state === 'available' ? (
            <Link to={productPath(item.slug, item.variantId)} className={buttonClasses({ variant: 'accent', className: 'w-full' })}>
              {t(DEAL_BUTTON_LABELS.available)}
            </Link>
          ) : (
            <Button variant="secondary" className="w-full" disabled>
              {t(DEAL_BUTTON_LABELS[state])}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
