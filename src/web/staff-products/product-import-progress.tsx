import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/use-format.ts';
import type { UploadProgress } from './product-import.api.ts';

/** How far the upload is; once the file is sent, an indeterminate bar while the server applies it. */
export function ProductImportProgress({ progress }: { progress: UploadProgress }) {
  const { t } = useTranslation('product-import');
  const format = useFormat();
  const sending = progress.phase === 'sending';
  const percent = sending ? Math.round(progress.share * 100) : undefined;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700" aria-live="polite">
        {sending ? t('sending', { percent: format.percent(percent ?? 0, 0) }) : t('applying')}
      </p>
      <div
        role="progressbar" aria-label={t('progressLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        {sending
          ? <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          : <div className="h-full w-full animate-pulse rounded-full bg-brand-500" />}
      </div>
    </div>
  );
}
