import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { TextField } from '../components/ui/text-field.tsx';

/** A chosen file waiting to be uploaded, with the description it will go with. */
export interface QueuedPhoto {
  key: string;
  file: File;
  preview: string;
  alt: string;
  /** 0 to 1 while it is being sent. */
  progress: number | null;
  error: string | null;
}

function QueuedRow({ photo, onAlt, onRemove, disabled }: {
  photo: QueuedPhoto; onAlt: (alt: string) => void; onRemove: () => void; disabled: boolean;
}) {
  const { t } = useTranslation('staff-media');
  const percent = photo.progress === null ? null : Math.round(photo.progress * 100);
  return (
    <li className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="queued-photo">
      <img src={photo.preview} alt="" className="h-20 w-20 shrink-0 rounded-md bg-slate-50 object-contain" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start justify-between gap-2">
          <DataText as="p" className="truncate text-sm font-medium text-slate-900">{photo.file.name}</DataText>
          <Button size="icon" variant="ghost" aria-label={t('removeFromQueue', { name: photo.file.name })} disabled={disabled} onClick={onRemove}>
            <X aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
        <TextField
          label={t('altLabel', { name: photo.file.name })}
          placeholder={t('altPlaceholder')}
          value={photo.alt}
          required
          disabled={disabled}
          error={photo.error ?? undefined}
          onChange={(event) => onAlt(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        />
        {percent !== null && (
          <progress className="h-2 w-full accent-brand-600" max={100} value={percent} aria-label={t('progress', { name: photo.file.name, percent })} />
        )}
      </div>
    </li>
  );
}

/** The files chosen but not yet uploaded: each asks for its description first. */
export function PhotoQueue({ photos, uploading, onAlt, onRemove, onUpload }: {
  photos: QueuedPhoto[];
  uploading: boolean;
  onAlt: (key: string, alt: string) => void;
  onRemove: (key: string) => void;
  onUpload: () => void;
}) {
  const { t } = useTranslation('staff-media');
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="queued-photos-heading" className="space-y-3">
      <h4 id="queued-photos-heading" className="text-sm font-semibold text-slate-900">{t('pendingHeading')}</h4>
      <ul className="space-y-3">
        {photos.map((photo) => (
          <QueuedRow key={photo.key} photo={photo} disabled={uploading}
            onAlt={(alt) => onAlt(photo.key, alt)} onRemove={() => onRemove(photo.key)} />
        ))}
      </ul>
      <Button disabled={uploading} onClick={onUpload}>
        {uploading ? t('uploading') : t('uploadPhotos', { count: photos.length })}
      </Button>
    </section>
  );
}
