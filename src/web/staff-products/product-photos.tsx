import { useTranslation } from 'react-i18next';
import { useId, useState, type DragEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import { PHOTO_MAX_BYTES, type StaffPhoto } from '#contracts/staff-media';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { cx } from '../lib/class-names.ts';
import { moved } from '../staff-categories/staff-categories-page.tsx';
import { ConfirmRemoval } from './product-photos-confirm.tsx';
import { MediaSection } from './product-photos-section.tsx';
import { GalleryPhoto } from './product-photos-item.tsx';
import { PhotoQueue, type QueuedPhoto } from './product-photos-queue.tsx';
import { useFileRefusal } from './product-photos-refusal.ts';
import { productPhotosQuery, useDeletePhoto, useReorderPhotos, useUploadPhoto } from './product-photos.api.ts';
import { useErrorText } from '../lib/error-text.ts';

const TAKEN_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** `ids` with the one at `from` taken out and put in at `to`. */
export function movedTo(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** Where photos are dropped or chosen; several at a time. */
function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation('staff-media');
  const inputId = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="photo-drop-zone"
      className={cx('flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center text-sm text-slate-600',
        over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50')}
    >
      <ImagePlus aria-hidden="true" className="h-8 w-8 text-slate-400" />
      <p>{t('dropHere')}</p>
      {/* The input is the control (its label looks like a button), so the keyboard reaches it as it is. */}
      <label htmlFor={inputId} className={buttonClasses({
        variant: 'secondary', size: 'sm', className: 'cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
      })}>
        {t('choosePhotos')}
        <input
          id={inputId}
          type="file"
          multiple
          accept={TAKEN_TYPES.join(',')}
          className="sr-only"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </label>
    </div>
  );
}

let lastKey = 0;

/**
 * A product's photos in the editor: upload (dropped or chosen, each with its description), the gallery in order,
 * dragged or moved with the arrow buttons (the new position is announced), descriptions edited in place, and removal
 * after a confirmation.
 */
export function ProductPhotos({ productId }: { productId: number }) {
  const { t } = useTranslation('staff-media');
  const errorText = useErrorText();
  const fileRefusal = useFileRefusal();
  const photos = useQuery(productPhotosQuery(productId));
  const upload = useUploadPhoto(productId);
  const reorder = useReorderPhotos(productId);
  const remove = useDeletePhoto(productId);
  const [queue, setQueue] = useState<QueuedPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<StaffPhoto | null>(null);

  const change = (key: string, patch: Partial<QueuedPhoto>) =>
    setQueue((current) => current.map((photo) => (photo.key === key ? { ...photo, ...patch } : photo)));
  const dequeue = (key: string) => setQueue((current) => current.filter((photo) => {
    if (photo.key === key) URL.revokeObjectURL(photo.preview);
    return photo.key !== key;
  }));

  const add = (files: File[]) => setQueue((current) => [...current, ...files.map((file): QueuedPhoto => ({
    key: `photo-${++lastKey}`,
    file,
    preview: URL.createObjectURL(file),
    alt: '',
    progress: null,
    error: !TAKEN_TYPES.includes(file.type) ? t('notTaken') : file.size > PHOTO_MAX_BYTES ? t('tooLarge') : null,
  }))]);

  const uploadAll = async () => {
    const missing = queue.filter((photo) => !photo.alt.trim());
    missing.forEach((photo) => change(photo.key, { error: t('altMissing') }));
    setUploading(true);
    for (const photo of queue.filter((queued) => queued.alt.trim())) {
      change(photo.key, { error: null, progress: 0 });
      try {
        const { created } = await upload.mutateAsync({
          file: photo.file, alt: photo.alt.trim(), onProgress: (progress) => change(photo.key, { progress }),
        });
        notify.success(created ? t('uploaded') : t('alreadyThere'), photo.file.name);
        dequeue(photo.key);
      } catch (error) {
        change(photo.key, { progress: null, error: fileRefusal(error) });
        notify.error(t('uploadFailed', { name: photo.file.name }));
      }
    }
    setUploading(false);
  };

  const saveOrder = (ids: number[], id: number) => reorder.mutate(ids, {
    onSuccess: () => setAnnouncement(t('moved', { n: ids.indexOf(id) + 1, total: ids.length })),
    onError: (error) => notify.error(t('reorderFailed'), errorText(error)),
  });

  return (
    <MediaSection id="product-photos-heading" title={t('photosHeading')} intro={t('photosIntro')}>
      <DropZone onFiles={add} />
      <PhotoQueue photos={queue} uploading={uploading} onRemove={dequeue} onUpload={() => void uploadAll()}
        onAlt={(key, alt) => change(key, { alt, error: null })} />
      <section aria-labelledby="gallery-photos-heading" className="space-y-3">
        <h4 id="gallery-photos-heading" className="text-sm font-semibold text-slate-900">{t('galleryHeading')}</h4>
        <p className="text-xs text-slate-500">{t('dragHint')}</p>
        <p role="status" aria-live="polite" className="sr-only">{announcement}</p>
        {photos.isPending ? <Skeleton className="h-28 w-full" /> : photos.isError ? (
          <ErrorState title={t('loadFailed')} error={photos.error} onRetry={() => void photos.refetch()} retrying={photos.isFetching} />
        ) : photos.data.images.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noPhotos')}</p>
        ) : (
          <ol className="space-y-3">
            {photos.data.images.map((photo, index, all) => {
              const ids = all.map((image) => image.id);
              return (
                <GalleryPhoto
                  key={photo.id}
                  productId={productId}
                  photo={photo}
                  index={index}
                  total={all.length}
                  onMove={(by) => saveOrder(moved(ids, index, by), photo.id)}
                  onDelete={() => setDeleting(photo)}
                  drag={{
                    dragging: dragged === index,
                    onDragStart: () => setDragged(index),
                    onDragEnd: () => setDragged(null),
                    onDrop: () => {
                      if (dragged !== null && dragged !== index) saveOrder(movedTo(ids, dragged, index), ids[dragged]);
                      setDragged(null);
                    },
                  }}
                />
              );
            })}
          </ol>
        )}
      </section>
      {deleting && (
        <ConfirmRemoval title={t('deleteTitle')} text={t('deleteText')} done={t('deleted')} failed={t('deleteFailed')}
          remove={{ mutate: (_, options) => remove.mutate(deleting.id, options), isPending: remove.isPending }}
          onClose={() => setDeleting(null)}>
          <img src={deleting.url} alt={deleting.alt} className="mt-4 max-h-48 rounded-md bg-slate-50 object-contain" />
        </ConfirmRemoval>
      )}
    </MediaSection>
  );
}
