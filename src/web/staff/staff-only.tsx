import { useTranslation } from 'react-i18next';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { StaffRole } from '#contracts/staff-roles';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { notify } from '../components/ui/notify.ts';
import { mayOpen } from './staff-pages.ts';

/** Says why (once, though development renders twice) and sends the visitor home. */
export function AdminAccessRequired({ reason }: { reason: string }) {
  const { t } = useTranslation('staff');
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    notify.error(t('adminRequired'), reason);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on the way out
  return <Navigate to="/" replace />;
}

/**
 * Staff screens (inside the sign-in guard), open to the owner and the roles in `access`: everyone else is told `reason`
 * and sent home; the server refuses them anyway.
 */
export function StaffOnly({ access, reason, children }: { access: readonly StaffRole[]; reason: string; children: ReactNode }) {
  const { user } = useCurrentUser();
  return user && !mayOpen(user, access) ? <AdminAccessRequired reason={reason} /> : children;
}
