import { useTranslation } from 'react-i18next';
import { useState, type DragEvent } from 'react';
import { ArrowDown, ArrowUp, GripVertical, Trash2, TriangleAlert } from 'lucide-react';
import type { StaffPhoto } from '#contracts/staff-media';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { ProductImage } from '../catalog/product-image.tsx';
import { cx } from '../lib/class-names.ts';
import { useUpdatePhotoAlt } from './product-photos.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** The drag-and-drop events of one photo in the gallery. */
export interface PhotoDrag {
  onDragStart: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
  dragging: boolean;
}

/** One photo in the gallery: its description, edited in place, its position, and the ways to move or remove it. */
export function GalleryPhoto({ productId, photo, index, total, drag, onMove, onDelete }: {
  productId: number;
  photo: StaffPhoto;
  index: number;
  total: number;
  drag: PhotoDrag;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('staff-media');
  const errorText = useErrorText();
  const save = useUpdatePhotoAlt(productId);
  const [alt, setAlt] = useState(photo.alt);
  const [error, setError] = useState<string | null>(null);
  const n = index + 1;

  const submit = () => {
    if (!alt.trim()) return setError(t('altMissing'));
    setError(null);
    save.mutate({ imageId: photo.id, alt: alt.trim() }, {
      onSuccess: () => notify.success(t('altSaved')),
      onError: (failure) => notify.error(t('altFailed'), errorText(failure)),
    });
  };
  const allowDrop = (event: DragEvent) => event.preventDefault();

  return (
    <li
      draggable
      onDragStart={drag.onDragStart}
      onDragOver={allowDrop}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
      data-testid="gallery-photo"
      className={cx('flex flex-col gap-3 rounded-lg border bg-white p-3 sm:flex-row sm:items-start',
        drag.dragging ? 'border-brand-400 opacity-60' : 'border-slate-200')}
    >
      <div className="flex items-start gap-3">
        <GripVertical aria-hidden="true" className="mt-8 h-5 w-5 shrink-0 cursor-grab text-slate-400" />
        <div className="h-24 w-24 shrink-0 overflow-hidden rounded-md border border-slate-100 bg-slate-50">
          <ProductImage src={photo.url} srcset={photo.srcset} sizes="96px" alt={photo.alt} className="h-full w-full" />
        </div>
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-semibold text-slate-900">{t('position', { n, total })}</p>
          {!photo.srcset && <Badge>{t('drawing')}</Badge>}
          {!photo.alt && (
            <Badge tone="warning"><TriangleAlert aria-hidden="true" className="me-1 h-3.5 w-3.5" />{t('altMissingBadge')}</Badge>
          )}
        </div>
        {/* No form of its own: the editor around it is one. Enter saves the description, not the product. */}
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <TextField
              label={t('altLabel', { name: t('position', { n, total }) })}
              placeholder={t('altPlaceholder')}
              value={alt}
              required
              error={error ?? undefined}
              onChange={(event) => setAlt(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                submit();
              }}
            />
          </div>
          <Button size="sm" variant="secondary" className="mt-6 shrink-0" disabled={save.isPending || alt.trim() === photo.alt}>
            {t('saveAlt')}
          </Button>
        </div>
      </div>
      <div className="flex gap-2 sm:flex-col">
        <Button size="icon" variant="secondary" aria-label={t('moveEarlier', { n })} disabled={index === 0} onClick={() => onMove(-1)}>
          <ArrowUp aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button size="icon" variant="secondary" aria-label={t('moveLater', { n })} disabled={index === total - 1} onClick={() => onMove(1)}>
          <ArrowDown aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button size="icon" variant="secondary" className="text-red-700" aria-label={t('deletePhoto', { n })} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </li>
  );
}
