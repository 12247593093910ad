import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../layout/page-title.tsx';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import { MARKING_METHODS, type MarkingMethod } from '#contracts/private-label';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { ApiError } from '../lib/api.ts';
import { useErrorText } from '../lib/error-text.ts';
import { offersQuery, useCreateRequest, useUploadArtwork } from './private-label.api.ts';
import { sectionClasses } from './private-label-parts.tsx';
import { useFieldError } from './use-field-error.ts';

interface Row { variantId: string; quantity: string }

/** /profile/private-label/new: the products offered with their minimums, the marking, the artwork and the notice. */
export function PrivateLabelNewPage() {
  const { t } = useTranslation('private-label');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const offers = useQuery(offersQuery());
  const create = useCreateRequest();
  const upload = useUploadArtwork();
  const [rows, setRows] = useState<Row[]>([{ variantId: '', quantity: '' }]);
  const [marking, setMarking] = useState<MarkingMethod>('laser_etch');
  const [placement, setPlacement] = useState('');
  const [packaging, setPackaging] = useState('');
  const [artwork, setArtwork] = useState<File | null>(null);
  const [notice, setNotice] = useState(false);
  const [noticeError, setNoticeError] = useState('');
  const fieldError = useFieldError(create.error, { 'variant_id': t('notOffered') });

  const variants = (offers.data ?? []).flatMap((offer) => offer.variants.map((variant) => ({ offer, variant })));
  const options = variants.map(({ offer, variant }) => ({
    value: String(variant.id),
    label: `${offer.product_name}${variant.label ? ` · ${variant.label}` : ''} (${variant.model_number}) · ${t('minimum', { count: offer.moq })}`,
  }));
  const moqOf = (variantId: string) => variants.find(({ variant }) => String(variant.id) === variantId)?.offer.moq;
  const setRow = (index: number, change: Partial<Row>) => setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!notice) {
      setNoticeError(t('noticeRequired'));
      return;
    }
    try {
      const request = await create.mutateAsync({
        items: rows.map((row) => ({ variant_id: Number(row.variantId), quantity: Number(row.quantity) })),
        marking, placement, packaging_text: packaging, manufacturer_notice: true,
      });
      if (artwork) {
        try {
          await upload.mutateAsync({ id: request.id, file: artwork });
        } catch (error) {
          notify.error(t('artworkFailed'), errorText(error));
        }
      }
      notify.success(t('sent'));
      await navigate(`/profile/private-label/${request.id}`);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) notify.error(errorText(error));
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle>{t('newTitle')}</PageTitle>
      <Link to="/profile/private-label" className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'mb-4 -ms-3' })}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('back')}
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('newTitle')}</h1>
      <p className="mt-1 text-slate-600">{t('newIntro')}</p>
      {offers.isPending ? <Skeleton className="mt-6 h-60" /> : options.length === 0 ? <p className="mt-6 text-slate-600">{t('noOffers')}</p> : (
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 space-y-6">
          <section className={`${sectionClasses} space-y-4`} aria-label={t('items')}>
            {rows.map((row, index) => {
              const moq = moqOf(row.variantId);
              return (
                <div key={index} className="grid gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-start">
                  <SelectField label={t('product')} value={row.variantId} placeholder={t('chooseProduct')} options={options}
                    onChange={(event) => setRow(index, { variantId: event.target.value, quantity: row.quantity || String(moqOf(event.target.value) ?? '') })}
                    error={fieldError(`items.${index}.variant_id`)} />
                  <TextField label={t('quantity')} inputMode="numeric" value={row.quantity} onChange={(event) => setRow(index, { quantity: event.target.value })}
                    hint={moq ? t('minimum', { count: moq }) : undefined}
                    error={fieldError(`items.${index}.quantity`)} />
                  {rows.length > 1 && (
                    <Button variant="ghost" size="icon" className="sm:mt-7" aria-label={t('remove')} onClick={() => setRows(rows.filter((_, i) => i !== index))}>
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </Button>
                  )}
                </div>
              );
            })}
            <Button variant="secondary" size="sm" onClick={() => setRows([...rows, { variantId: '', quantity: '' }])}>
              <Plus aria-hidden="true" className="h-4 w-4" /> {t('addProduct')}
            </Button>
            {fieldError('items') && <p className="text-sm text-red-700">{fieldError('items')}</p>}
          </section>
          <section className={`${sectionClasses} space-y-4`}>
            <SelectField label={t('marking')} value={marking} onChange={(event) => setMarking(event.target.value as MarkingMethod)}
              options={MARKING_METHODS.map((method) => ({ value: method, label: t(`marking_${method}`) }))} />
            <TextField label={t('placement')} hint={t('placementHint')} value={placement} onChange={(event) => setPlacement(event.target.value)}
              error={fieldError('placement')} required />
            <TextAreaField label={t('packagingText')} hint={t('packagingHint')} value={packaging} rows={3}
              onChange={(event) => setPackaging(event.target.value)} error={fieldError('packaging_text')} />
            <label className="block text-sm font-medium text-slate-900">
              {t('artwork')}
              <input type="file" accept=".svg,.pdf,.png,image/svg+xml,application/pdf,image/png" aria-label={t('artworkChoose')}
                onChange={(event) => setArtwork(event.target.files?.[0] ?? null)}
                className="mt-1 block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800" />
              <span className="mt-1 block text-xs font-normal text-slate-500">{t('artworkHint')}</span>
            </label>
          </section>
          <section className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5" aria-labelledby="notice-heading">
            <h2 id="notice-heading" className="flex items-center gap-2 font-bold text-amber-900">
              <ShieldAlert aria-hidden="true" className="h-5 w-5" /> {t('noticeTitle')}
            </h2>
            <p className="mt-2 text-sm text-amber-900">{t('noticeText')}</p>
            <div className="mt-3">
              <CheckboxField label={t('noticeConfirm')} checked={notice} error={noticeError || undefined}
                onChange={(event) => { setNotice(event.target.checked); setNoticeError(''); }} />
            </div>
          </section>
          <div className="flex justify-end">
            <Button type="submit" size="lg" disabled={create.isPending || upload.isPending} className="w-full sm:w-auto">
              {create.isPending || upload.isPending ? t('sending') : t('send')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
