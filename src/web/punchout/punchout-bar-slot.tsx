import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../auth/use-current-user.ts';

const PunchoutBar = lazy(async () => ({ default: (await import('./punchout-bar.tsx')).PunchoutBar }));

/** The punchout bar, loaded only for business accounts: punchout sessions are theirs alone, and the shell stays small. */
export function PunchoutBarSlot() {
  const { user } = useCurrentUser();
  if (user?.accountType !== 'business') return null;
  return <Suspense fallback={null}><PunchoutBar /></Suspense>;
}
