import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { ImageUp } from 'lucide-react';
import type { StaffCategory } from '#contracts/staff-categories';
import { FieldMessage } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFileRefusal } from '../staff-products/product-photos-refusal.ts';
import { useUploadCategoryImage } from './staff-categories.api.ts';

/** Uploads a picture for a saved category: the server checks and encodes it, and the category then names it. */
export function CategoryImageUpload({ category, onUploaded }: { category: StaffCategory; onUploaded: (image: string) => void }) {
  const { t } = useTranslation('staff-categories');
  const fileRefusal = useFileRefusal();
  const upload = useUploadCategoryImage();
  const [error, setError] = useState<string>();
  const id = useId();

  const send = (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    upload.mutate({ id: category.id, file }, {
      onSuccess: (saved) => {
        notify.success(t('imageUploaded'), saved.name);
        onUploaded(saved.image);
      },
      onError: (refusal) => setError(fileRefusal(refusal)),
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-4 rounded-xl border border-dashed border-slate-300 p-4">
      {category.image && <img src={category.image} alt="" className="h-16 w-24 rounded-lg bg-slate-100 object-cover" />}
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 text-sm font-semibold text-brand-700">
          <ImageUp aria-hidden="true" className="h-4 w-4" /> {upload.isPending ? t('imageUploading') : t('uploadImage')}
        </label>
        <input id={id} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" disabled={upload.isPending}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = '';
          }} />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{t('uploadImageHint')}</p>
        <FieldMessage id={`${id}-error`} error={error} />
      </div>
    </div>
  );
}
