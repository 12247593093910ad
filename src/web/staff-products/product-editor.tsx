import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Save } from 'lucide-react';
import { PRODUCT_STATUSES, updateStaffProduct, type StaffProduct } from '#contracts/staff-products';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { categoriesQuery } from '../catalog/catalog.api.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { FieldMessage } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useCategoryText } from '../i18n/translated.ts';
import { useBottomBar } from '../layout/bottom-bar.ts';
import { isApiError } from '../lib/api.ts';
import { ChipList } from './chip-list.tsx';
import { conflictOf, EditConflictBanner, type EditConflict } from './edit-conflict.tsx';
import { OptionsEditor } from './options-editor.tsx';
import { draftOf, emptyDraft } from './product-draft.ts';
import { useProductFieldLabel } from './product-field-label.ts';
import { FeaturesField, SpecificationsField } from './product-lists.tsx';
import { STATUS_TONES } from './product-table.tsx';
import { SeoFields } from './seo-fields.tsx';
import { staffProductQuery, useSaveProduct } from './staff-products.api.ts';
import { UnsavedChangesDialog, useUnsavedChanges } from './unsaved-changes.tsx';
import { useProductForm, type ProductForm } from './use-product-form.ts';
import { VariantsGrid } from './variants-grid.tsx';
import { ProductDocuments } from './product-documents.tsx';
import { ProductPhotos } from './product-photos.tsx';
import { useErrorText } from '../lib/error-text.ts';

const HANDLING = ['sterile', 'single_use', 'latex_free', 'cold_chain'] as const;

/** The formatting editor is the page's largest part: it loads on its own while the rest of the form is already usable. */
const RichTextEditor = lazy(async () => ({ default: (await import('./rich-text-editor.tsx')).RichTextEditor }));

function Section({ title, intro, children, className }: { title: string; intro?: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={id} className="space-y-4 p-4 sm:p-6">
        <div>
          <h2 id={id} className="text-lg font-bold text-slate-900">{title}</h2>
          {intro && <p className="mt-0.5 text-sm text-slate-600">{intro}</p>}
        </div>
        {children}
      </section>
    </Card>
  );
}

function DescriptionField({ form }: { form: ProductForm }) {
  const { t } = useTranslation('staff-products');
  const id = useId();
  const { field } = useController({ control: form.control, name: 'description' });
  const error = form.errorText('description');
  return (
    <div>
      <p id={`${id}-label`} className="mb-1.5 text-sm font-semibold text-slate-800">{t('description')}</p>
      <Suspense fallback={<Skeleton className="h-52 w-full" />}>
        <RichTextEditor value={field.value} onChange={field.onChange} labelledBy={`${id}-label`} describedBy={error ? `${id}-error` : undefined}
          invalid={Boolean(error)} />
      </Suspense>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

function CertificationsField({ form }: { form: ProductForm }) {
  const { t } = useTranslation('staff-products');
  const certifications = useWatch({ control: form.control, name: 'certifications' });
  return (
    <ChipList label={t('certifications')} values={certifications} placeholder={t('certificationsPlaceholder')} maxLength={40}
      onChange={(values) => form.setValue('certifications', values, { shouldDirty: true })}
      error={form.errorText('certifications') ?? certifications.map((_, at) => form.errorText(`certifications.${at}`)).find(Boolean)} />
  );
}

/**
 * A product being written: `product` null for a new one. Saving sends the version read (`updated_at`); when someone
 * saved since, the edits stay on screen and the person chooses between theirs and the other version.
 */
export function ProductEditor({ product }: { product: StaffProduct | null }) {
  const { t } = useTranslation('staff-products');
  const failureText = useErrorText();
  const fieldLabel = useProductFieldLabel();
  const categoryText = useCategoryText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQuery());
  const form = useProductForm(product ? draftOf(product) : emptyDraft());
  const { register, errorText } = form;
  const save = useSaveProduct();
  const [readAt, setReadAt] = useState(product?.updated_at ?? '');
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const saveBar = useRef<HTMLDivElement>(null);
  useBottomBar(saveBar);
  const [reloading, setReloading] = useState(false);
  const { blocker, release } = useUnsavedChanges(form.formState.isDirty);
  const [name, chosenStatus] = useWatch({ control: form.control, name: ['name', 'status'] });
  const status = PRODUCT_STATUSES.find((known) => known === chosenStatus) ?? 'draft';

  const submit = form.handleSubmit((body) => save.mutate(product ? { id: product.id, body: { ...body, updated_at: readAt } } : { id: null, body }, {
    onSuccess: (saved) => {
      notify.success(t('saved'), saved.name);
      queryClient.setQueryData(staffProductQuery(saved.id).queryKey, saved);
      setConflict(null);
      setReadAt(saved.updated_at);
      form.reset(draftOf(saved));
      if (!product) {
        release();
        void navigate(`/staff/products/${saved.id}`, { replace: true });
      }
    },
    onError: (error) => {
      if (isApiError(error, updateStaffProduct, 'EDIT_CONFLICT')) setConflict(conflictOf(error.body));
      else notify.error(t('saveFailed'), form.setServerErrors(error) ? t('fixFields') : failureText(error));
    },
  }), () => notify.error(t('saveFailed'), t('fixFields')));

  /** The version saved last: theirs replaces the form ("load"), or only its time is taken so that mine goes over it ("keep"). */
  const reload = (replace: boolean) => {
    if (!product) return;
    setReloading(true);
    queryClient.fetchQuery({ ...staffProductQuery(product.id), staleTime: 0 })
      .then((latest) => {
        setReadAt(latest.updated_at);
        setConflict(null);
        if (replace) form.reset(draftOf(latest));
      })
      .catch((error: Error) => notify.error(t('reloadFailed'), failureText(error)))
      .finally(() => setReloading(false));
  };

  const title = product ? name.trim() || product.name : t('newProduct');
  return (
    <form onSubmit={submit} noValidate aria-label={title} className="mx-auto max-w-7xl space-y-6 px-4 pt-8 sm:px-6 lg:px-8">
      <title>{t('editorPageTitle', { name: title })}</title>
      <div className="space-y-2">
        <Link to="/staff/products" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" /> {t('allProducts')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl" dir="auto">{title}</h1>
          <Badge tone={STATUS_TONES[status]}>{t('statusName', { context: status })}</Badge>
        </div>
      </div>

      {conflict && (
        <EditConflictBanner conflict={conflict} fieldLabel={fieldLabel} busy={reloading} onLoadTheirs={() => reload(true)} onKeepMine={() => reload(false)} />
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <Section title={t('details')} className="lg:col-span-2">
          <TextField label={t('name')} required dir="auto" maxLength={200} {...register('name')} error={errorText('name')} />
          <TextAreaField label={t('shortDescription')} dir="auto" maxLength={500} {...register('short_description')} error={errorText('short_description')} />
          <DescriptionField form={form} />
        </Section>
        <Section title={t('organisation')}>
          <SelectField label={t('status')} {...register('status')} error={errorText('status')}
            options={PRODUCT_STATUSES.map((value) => ({ value, label: t('statusName', { context: value }) }))} />
          <SelectField label={t('category')} required {...register('category_id')} error={errorText('category_id')} placeholder={t('chooseCategory')}
            options={(categories.data ?? []).map((category) => ({ value: String(category.id), label: categoryText(category).name }))} />
          <TextField label={t('brand')} required dir="auto" maxLength={100} {...register('brand')} error={errorText('brand')} />
          <TextField label={t('instrumentType')} required dir="auto" maxLength={60} placeholder={t('instrumentTypePlaceholder')} {...register('instrument_type')}
            error={errorText('instrument_type')} />
          <CheckboxField label={t('restricted')} {...register('restricted')} error={errorText('restricted')} />
          <TextField label={t('privateLabelMoq')} inputMode="numeric" hint={t('privateLabelMoqHint')} {...register('private_label_moq')}
            error={errorText('private_label_moq')} />
        </Section>
      </div>

      <Section title={t('optionsAndVariants')} intro={t('optionsIntro')}>
        <OptionsEditor form={form} />
        <VariantsGrid form={form} productId={product?.id} />
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('featuresAndSpecifications')}>
          <FeaturesField form={form} />
          <SpecificationsField form={form} />
        </Section>
        <Section title={t('compliance')}>
          <CertificationsField form={form} />
          <fieldset className="space-y-2">
            <legend className="mb-1.5 text-sm font-semibold text-slate-800">{t('handling')}</legend>
            {HANDLING.map((flag) => <CheckboxField key={flag} label={t('handlingName', { context: flag })} {...register(`handling.${flag}`)} />)}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('hsCode')} inputMode="decimal" dir="ltr" maxLength={20} hint={t('hsCodeHint')} {...register('hs_code')}
              error={errorText('hs_code')} />
            <TextField label={t('unspsc')} inputMode="numeric" dir="ltr" maxLength={12} hint={t('unspscHint')} {...register('unspsc')}
              error={errorText('unspsc')} />
            <TextField label={t('countryOfOrigin')} dir="ltr" maxLength={2} autoCapitalize="characters" hint={t('countryOfOriginHint')}
              {...register('country_of_origin')} error={errorText('country_of_origin')} />
          </div>
        </Section>
      </div>

      <Section title={t('seo')} intro={t('seoIntro')}>
        <SeoFields form={form} />
      </Section>

      {product && (
        <Card className="space-y-10 p-4 sm:p-6">
          <ProductPhotos productId={product.id} />
          <ProductDocuments productId={product.id} />
        </Card>
      )}

      {product && (
        <Card className="p-4 sm:p-6">
          <AuditTrail entity="product" id={product.id} fieldLabel={fieldLabel} />
        </Card>
      )}

      {/* The chat button and the toasts move up above this bar while the editor is open. */}
      <div ref={saveBar} className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <p role="status" className="me-auto text-sm text-slate-600">{form.formState.isDirty ? t('unsaved') : product ? t('allSaved') : t('notCreated')}</p>
        <Button type="submit" disabled={save.isPending}>
          <Save aria-hidden="true" className="h-4 w-4" /> {save.isPending ? t('saving') : product ? t('save') : t('create')}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
