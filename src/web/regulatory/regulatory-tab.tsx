import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Download, ExternalLink } from 'lucide-react';
import type { ProductDetail } from '#contracts/catalog';
import type { RegulatoryDocument, VariantRegulatory } from '#contracts/regulatory';
import { DataText } from '../components/ui/data-text.tsx';
import { variantFromLink } from '../catalog/chosen-variant.ts';
import { useTranslated } from '../i18n/translated.ts';
import { ContentsSheetLink } from './contents-sheet-link.tsx';

/** Only a web address or one of the shop's own paths opens as a link: anything else is shown as text, never run. */
const isWebAddress = (url: string) => /^(https?:\/\/|\/(?!\/))/i.test(url);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 odd:bg-slate-50 sm:grid-cols-[16rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function DocumentLink({ document }: { document: RegulatoryDocument }) {
  const { t } = useTranslation('regulatory');
  const today = new Date().toISOString().slice(0, 10);
  const expired = document.expires_on !== null && document.expires_on < today;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <a href={document.url} download className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline">
        <Download aria-hidden="true" className="h-4 w-4" /> {t('documentLink', { version: document.version })}
        <span className="sr-only"> <DataText>{document.name}</DataText></span>
      </a>
      {document.expires_on && (
        <span className={expired ? 'font-medium text-amber-800' : 'text-slate-600'}>
          {t(expired ? 'expired' : 'validUntil', { date: document.expires_on })}
        </span>
      )}
    </span>
  );
}

function RegulatoryList({ data }: { data: VariantRegulatory }) {
  const { t } = useTranslation('regulatory');
  const notRecorded = <span className="text-slate-500">{t('notRecorded')}</span>;
  const code = (value: string | null, missing = notRecorded) => (value ? <DataText className="font-mono">{value}</DataText> : missing);
  const { eifu } = data;
  return (
    <dl className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200">
      <Row label={t('sterility')}>{data.sterility ? t(`sterility_${data.sterility}`) : notRecorded}</Row>
      <Row label={t('use')}>{data.use ? t(`use_${data.use}`) : notRecorded}</Row>
      <Row label={t('mri')}>{t(`mri_${data.mri_safety}`)}</Row>
      <Row label={t('latex')}>{data.contains_latex === null ? notRecorded : t(data.contains_latex ? 'latex_yes' : 'latex_no')}</Row>
      <Row label={t('udiDi')}>{code(data.udi_di, <span className="text-slate-500">{t('notAssigned')}</span>)}</Row>
      <Row label={t('directMarking')}>{code(data.direct_marking_di)}</Row>
      <Row label={t('gmdn')}>{code(data.gmdn_code)}</Row>
      <Row label={t('eifu')}>
        {eifu && isWebAddress(eifu.url) ? (
          <a href={eifu.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline">
            {eifu.version ? t('eifuLink', { version: eifu.version }) : t('eifuLinkNoVersion')}
            <ExternalLink aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          </a>
        ) : eifu ? <DataText>{eifu.url}</DataText> : notRecorded}
      </Row>
      <Row label={t('conformity')}>{data.declaration_of_conformity ? <DocumentLink document={data.declaration_of_conformity} /> : notRecorded}</Row>
      <Row label={t('certificate')}>{data.notified_body_certificate ? <DocumentLink document={data.notified_body_certificate} /> : notRecorded}</Row>
    </dl>
  );
}

/** The regulatory data of the variant chosen on the page (`?variant=`), in plain words, and a set's contents sheet. */
export function RegulatoryTab({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('regulatory');
  const [params] = useSearchParams();
  const translated = useTranslated();
  const variant = variantFromLink(product.variants, params.get('variant'));
  const label = variant && product.variants.length > 1 ? translated(variant.label, variant.label_translations) : '';
  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('heading')}</h2>
        {label && <p className="text-sm text-slate-700">{t('forVariant', { variant: label })}</p>}
        <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      </div>
      {variant?.regulatory ? <RegulatoryList data={variant.regulatory} /> : <p className="text-slate-600">{t('none')}</p>}
      {variant?.contents_sheet && <ContentsSheetLink href={variant.contents_sheet} />}
    </div>
  );
}
