import { useTranslation } from 'react-i18next';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { useErrorText } from '../../lib/error-text.ts';
import { Button } from './button.tsx';

/** An honest failure: what failed, why if known, and a retry. */
export function ErrorState({
  title,
  message,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  /** Shown instead of what the error means (useErrorText). */
  message?: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation('components');
  const errorText = useErrorText();
  const detail = message ?? errorText(error);
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50/60 px-6 py-10 text-center">
      <TriangleAlert aria-hidden="true" className="h-8 w-8 text-red-600" />
      <p className="mt-3 font-semibold text-slate-900">{title}</p>
      {detail && <p className="mt-1 text-sm text-slate-600">{detail}</p>}
      <Button variant="secondary" className="mt-5" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" className={retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
        {t('tryAgain')}
      </Button>
    </div>
  );
}
