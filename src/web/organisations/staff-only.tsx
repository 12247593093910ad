import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { canManageInventory } from '../auth/normalize-user.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { notify } from '../components/ui/notify.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { organisationMessages } from './messages.ts';

function AdminAccessRequired() {
  const t = useMessages(organisationMessages);
  useEffect(() => notify.error(t.adminRequired, t.staffOnlyText), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival
  return <Navigate to="/" replace />;
}

/** Staff screens (inside the sign-in guard): everyone else is sent home; the server refuses them anyway. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return user && !canManageInventory(user) ? <AdminAccessRequired /> : children;
}
