import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { canManageInventory } from '../auth/normalize-user.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { notify } from '../components/ui/notify.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { staffMessages } from './messages.ts';

/** Says why (once, though development renders twice) and sends the visitor home. */
export function AdminAccessRequired({ reason }: { reason: string }) {
  const t = useMessages(staffMessages);
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    notify.error(t.adminRequired, reason);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on the way out
  return <Navigate to="/" replace />;
}

/** Staff screens (inside the sign-in guard): everyone else is told `reason` and sent home; the server refuses them anyway. */
export function StaffOnly({ reason, children }: { reason: string; children: ReactNode }) {
  const { user } = useCurrentUser();
  return user && !canManageInventory(user) ? <AdminAccessRequired reason={reason} /> : children;
}
