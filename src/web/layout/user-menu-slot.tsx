import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { UserMenu } from '../auth/user-menu.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { buttonClasses } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';

/** The account corner of the top bar: the user menu when signed in, a login icon otherwise. */
export function UserMenuSlot() {
  const { user, isLoading } = useCurrentUser();
  const { t: text } = useTranslation('layout');

  if (isLoading) return <Skeleton className="h-10 w-10 rounded-full" />;
  if (user) return <UserMenu user={user} />;

  return (
    <Link to="/login" aria-label={text('signIn')} title={text('signIn')} className={buttonClasses({ variant: 'ghost', size: 'icon' })}>
      <LogIn aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
    </Link>
  );
}
