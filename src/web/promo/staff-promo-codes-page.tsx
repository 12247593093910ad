import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StaffPromoCode } from '#contracts/promo';
import { staffAccess } from '#contracts/staff-roles';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { StaffEditorPage, StaffRecordList } from '../staff/staff-editor-page.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { PromoCodeForm } from './promo-code-form.tsx';
import { staffPromoCodesQuery } from './staff-promo.api.ts';

/** Whether a code can be used now: switched on, inside its window and not used up. */
export function promoState(promo: StaffPromoCode, now = Date.now()): 'off' | 'scheduled' | 'expired' | 'usedUp' | 'live' {
  if (!promo.active) return 'off';
  if (promo.starts_at && Date.parse(promo.starts_at) > now) return 'scheduled';
  if (promo.expires_at && Date.parse(promo.expires_at) <= now) return 'expired';
  if (promo.max_uses !== null && promo.uses >= promo.max_uses) return 'usedUp';
  return 'live';
}

const STATE_TONES = { live: 'success', scheduled: 'brand', off: 'neutral', expired: 'neutral', usedUp: 'warning' } as const;

function PromoRow({ promo, onEdit }: { promo: StaffPromoCode; onEdit: () => void }) {
  const { t } = useTranslation('staff-promo-codes');
  const f = useFormat();
  const state = promoState(promo);
  const off = promo.kind === 'percent' ? f.percent(promo.value) : f.money(promo.value, 'USD');
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="promo-row">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-mono font-bold text-slate-900" dir="ltr">{promo.code}</h3>
          <Badge tone={STATE_TONES[state]}>{t('state', { context: state })}</Badge>
        </div>
        <p className="text-sm text-slate-600">
          {Number(promo.min_subtotal) > 0 ? t('offWithMinimum', { off, min: f.money(promo.min_subtotal, 'USD') }) : t('off', { off })}
        </p>
        <p className="text-sm text-slate-600">
          {promo.starts_at ? t('from', { date: f.dateTime(promo.starts_at) }) : t('fromCreation')}
          {' · '}
          {promo.expires_at ? t('until', { date: f.dateTime(promo.expires_at) }) : t('noEnd')}
        </p>
        <p className="text-sm font-medium text-slate-800" data-testid="promo-usage">
          {promo.max_uses === null ? t('uses', { count: promo.uses }) : t('usesOf', { count: promo.uses, max: f.number(promo.max_uses) })}
          {' · '}
          {promo.per_user_limit === null ? t('noPerCustomerLimit') : t('perCustomer', { count: promo.per_user_limit })}
          {' · '}
          {t('discountGiven', { amount: f.money(promo.discount_given, 'USD') })}
        </p>
      </div>
      <Button size="sm" variant="secondary" onClick={onEdit}>{t('edit')}</Button>
    </Card>
  );
}

function PromoCodeManagement() {
  const { t } = useTranslation('staff-promo-codes');
  const list = useQuery(staffPromoCodesQuery());
  const [editing, setEditing] = useState<StaffPromoCode | null>(null);
  return (
    <StaffEditorPage title={t('pageTitle')} heading={t('heading')} intro={t('intro')}>
      <PromoCodeForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <StaffRecordList id="promo-codes-heading" heading={t('listHeading')} query={list} items={list.data?.promo_codes}
        texts={{ loadFailed: t('loadFailed'), none: t('none') }}
        renderItem={(promo) => (
          <PromoRow promo={promo} onEdit={() => {
            setEditing(promo);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }} />
        )} />
    </StaffEditorPage>
  );
}

/** /staff/promo-codes (inside the sign-in guard): catalogue staff and the owner; everyone else is sent home. */
export function StaffPromoCodesPage() {
  const { t } = useTranslation('staff-promo-codes');
  return <StaffOnly access={staffAccess.catalogue} reason={t('staffOnly')}><PromoCodeManagement /></StaffOnly>;
}
