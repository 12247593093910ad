import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../components/ui/notify.ts';
import type { RedirectState } from '../auth/redirect-target.ts';

/** Tells a signed-out visitor why, then sends them to /login, which brings them back here afterwards. */
export function useSignInRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('cart');
  return (description: string) => {
    notify.error(t('authRequired'), description);
    const state: RedirectState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    navigate('/login', { state });
  };
}
