import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { DEVICE_USE, MRI_SAFETY, STERILITY } from '#contracts/regulatory';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { productDocumentsQuery } from './product-documents.api.ts';
import type { RegulatoryDraft } from './product-draft.ts';
import type { ProductForm } from './use-product-form.ts';

/**
 * A variant's regulatory data: GMDN code, sterility, use, MRI safety, latex, the DI marked on the instrument, the eIFU
 * and its version, and which of the product's documents are its declaration of conformity and notified-body certificate.
 */
export function VariantRegulatory({ form, index, productId, id }: { form: ProductForm; index: number; productId?: number; id: string }) {
  const { t } = useTranslation('staff-products');
  const documents = useQuery({ ...productDocumentsQuery(productId ?? 0), enabled: productId !== undefined });
  const documentOptions = [{ value: '', label: t('regNone') }, ...(documents.data?.documents ?? [])
    .map((document) => ({ value: String(document.id), label: `${document.name} (v${document.version})` }))];
  type Field = keyof RegulatoryDraft;
  const name = (field: Field) => `variants.${index}.regulatory.${field}` as const;
  const text = (field: 'gmdn_code' | 'direct_marking_di' | 'eifu_url' | 'eifu_version') => ({
    ...form.register(`variants.${index}.regulatory.${field}`),
    error: form.errorText(name(field)),
  });
  const choice = (field: 'sterility' | 'use' | 'mri_safety' | 'contains_latex' | 'conformity_document_id' | 'certificate_document_id') => ({
    ...form.register(`variants.${index}.regulatory.${field}`),
    error: form.errorText(name(field)),
  });

  return (
    <div id={id} className="space-y-3 rounded-lg bg-slate-50 p-3" data-testid="variant-regulatory">
      <p className="text-sm font-semibold text-slate-900">{t('regulatory')}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField label={t('regGmdn')} inputMode="numeric" dir="ltr" maxLength={5} {...text('gmdn_code')} />
        <SelectField label={t('regSterility')} {...choice('sterility')}
          options={[{ value: '', label: t('regNotGiven') }, ...STERILITY.map((value) => ({ value, label: t('regSterilityName', { context: value }) }))]} />
        <SelectField label={t('regUse')} {...choice('use')}
          options={[{ value: '', label: t('regNotGiven') }, ...DEVICE_USE.map((value) => ({ value, label: t('regUseName', { context: value }) }))]} />
        <SelectField label={t('regMri')} {...choice('mri_safety')} options={MRI_SAFETY.map((value) => ({ value, label: t('regMriName', { context: value }) }))} />
        <SelectField label={t('regLatex')} {...choice('contains_latex')}
          options={[{ value: '', label: t('regNotGiven') }, { value: 'yes', label: t('regLatexYes') }, { value: 'no', label: t('regLatexNo') }]} />
        <TextField label={t('regDirectDi')} inputMode="numeric" dir="ltr" maxLength={14} hint={t('regDirectDiHint')} {...text('direct_marking_di')} />
        <TextField label={t('regEifuUrl')} type="url" dir="ltr" maxLength={500} placeholder="https://" {...text('eifu_url')} />
        <TextField label={t('regEifuVersion')} dir="ltr" maxLength={40} {...text('eifu_version')} />
        <SelectField label={t('regConformity')} {...choice('conformity_document_id')} options={documentOptions} disabled={productId === undefined}
          hint={productId === undefined ? t('regDocumentsLater') : undefined} />
        <SelectField label={t('regCertificate')} {...choice('certificate_document_id')} options={documentOptions} disabled={productId === undefined}
          hint={productId === undefined ? t('regDocumentsLater') : undefined} />
      </div>
    </div>
  );
}
