import { Link } from 'react-router';
import { CircleUserRound, LogIn } from 'lucide-react';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { buttonClasses } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';

/** The account corner of the top bar: a login icon when signed out. The accounts feature adds the signed-in menu. */
export function UserMenuSlot() {
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <Skeleton className="h-10 w-10 rounded-full" />;

  if (user) {
    return (
      <Link to="/profile/settings" aria-label={`Account: ${user.firstName} ${user.lastName}`} className={buttonClasses({ variant: 'ghost', size: 'icon' })}>
        <CircleUserRound aria-hidden="true" className="h-5 w-5" />
      </Link>
    );
  }

  return (
    <Link to="/login" aria-label="Sign in" title="Sign in" className={buttonClasses({ variant: 'ghost', size: 'icon' })}>
      <LogIn aria-hidden="true" className="h-5 w-5" />
    </Link>
  );
}
