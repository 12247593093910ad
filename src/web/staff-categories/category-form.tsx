import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FolderTree } from 'lucide-react';
import { categoryInput, type StaffCategory } from '#contracts/staff-categories';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { StaffFormCard } from '../staff/staff-editor-page.tsx';
import { CategoryImageUpload } from './category-image-upload.tsx';
import { useSaveCategory } from './staff-categories.api.ts';
import { useErrorText } from '../lib/error-text.ts';

const LANGUAGES = ['ur', 'ar'] as const;

/** What the form holds: text as typed, the licence flag as ticked. */
interface CategoryDraft {
  name: string;
  slug: string;
  description: string;
  image: string;
  restricted: boolean;
  translations: Record<(typeof LANGUAGES)[number], { name: string; description: string }>;
}

/** The contract's category, read from the form: an empty slug is left out, so the server makes it from the name. */
const categoryForm = z.preprocess((draft: CategoryDraft) => ({ ...draft, slug: draft.slug.trim() || undefined }), categoryInput);

const valuesOf = (category: StaffCategory | null): CategoryDraft => ({
  name: category?.name ?? '',
  slug: category?.slug ?? '',
  description: category?.description ?? '',
  image: category?.image ?? '',
  restricted: category?.restricted ?? false,
  translations: {
    ur: { name: category?.translations.ur?.name ?? '', description: category?.translations.ur?.description ?? '' },
    ar: { name: category?.translations.ar?.name ?? '', description: category?.translations.ar?.description ?? '' },
  },
});

/** A new category, or a change to `editing`. */
export function CategoryForm({ editing, onDone }: { editing: StaffCategory | null; onDone: () => void }) {
  const { t } = useTranslation('staff-categories');
  const failureText = useErrorText();
  const save = useSaveCategory();
  const form = useContractForm(categoryForm, { defaultValues: valuesOf(editing) });
  const { register, errorText } = form;

  const submit = form.handleSubmit((body) => save.mutate({ id: editing?.id ?? null, body }, {
    onSuccess: (category) => {
      notify.success(editing ? t('saved') : t('created'), category.name);
      form.reset(valuesOf(null));
      onDone();
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('saveFailed'), failureText(error));
    },
  }));

  const heading = editing ? t('editHeading', { name: editing.name }) : t('newHeading');
  return (
    <StaffFormCard icon={FolderTree} heading={heading} onSubmit={submit} editing={editing !== null} onCancel={onDone} pending={save.isPending}
      texts={{ cancel: t('cancelEdit'), saving: t('saving'), save: t('save'), create: t('create') }}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('name')} required dir="auto" {...register('name')} error={errorText('name')} />
        <TextField label={t('slug')} dir="ltr" hint={t('slugHint')} {...register('slug')} error={errorText('slug')} />
        <TextField label={t('image')} dir="ltr" hint={t('imageHint')} placeholder="/media/categories/cardiology.svg"
          {...register('image')} error={errorText('image')} />
        <div className="sm:pt-7">
          <CheckboxField label={t('restricted')} {...register('restricted')} error={errorText('restricted')} />
        </div>
      </div>
      {editing && (
        <CategoryImageUpload category={{ ...editing, image: form.watch('image') }}
          onUploaded={(image) => form.setValue('image', image, { shouldDirty: true })} />
      )}
      <TextAreaField label={t('description')} dir="auto" {...register('description')} error={errorText('description')} />
      {LANGUAGES.map((language) => (
        <fieldset key={language} className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-slate-800">{t('translation', { context: language })}</legend>
          <TextField label={t('translatedName')} lang={language} dir="rtl" {...register(`translations.${language}.name`)}
            error={errorText(`translations.${language}.name`)} />
          <TextAreaField label={t('translatedDescription')} lang={language} dir="rtl" rows={2} {...register(`translations.${language}.description`)}
            error={errorText(`translations.${language}.description`)} />
        </fieldset>
      ))}
    </StaffFormCard>
  );
}
