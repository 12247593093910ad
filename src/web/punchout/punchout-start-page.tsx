import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LinkIcon, LoaderCircle } from 'lucide-react';
import { AuthCard } from '../auth/auth-card.tsx';
import { ApiError } from '../lib/api.ts';
import { useErrorText } from '../lib/error-text.ts';
import { useStartPunchout } from './punchout.api.ts';

/**
 * /punchout/start/:token, the StartPage a procurement system opens: the link is used up (once, even when React runs
 * the effect twice) and the buyer lands on the catalogue, or on the cart an edit or inspect brought back.
 */
export function PunchoutStartPage() {
  const { t } = useTranslation(['punchout', 'auth']);
  const failureText = useErrorText();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const start = useStartPunchout();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    start.mutate(token, {
      onSuccess: (punchout) => void navigate(punchout.operation === 'create' ? '/products' : '/cart', { replace: true }),
    });
  }, [start, token, navigate]);

  if (start.isError) {
    const used = start.error instanceof ApiError && start.error.status === 400;
    return (
      <div data-testid="punchout-link-used">
        <AuthCard icon={LinkIcon} tone="danger" title={used ? t('linkUsedTitle') : t('startFailed')}
          description={used ? t('linkUsed') : failureText(start.error)} />
      </div>
    );
  }
  return (
    <AuthCard icon={LoaderCircle} title={t('opening')} description={t('openingText')} />
  );
}
