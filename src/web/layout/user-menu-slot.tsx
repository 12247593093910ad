import { useTranslation } from 'react-i18next';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { useCurrentUser, type CurrentUser } from '../auth/use-current-user.ts';
import { fullNameOf, USER_MENU_BUTTON_CLASSES, UserMenuFace } from '../auth/user-menu-face.tsx';
import { i18n } from '../i18n/i18n.ts';
import { buttonClasses } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { onFirstUse } from '../lib/on-first-use.ts';

// The dropdown (Radix, with its positioning) is not in the first page's download. Its texts come with it: were it
// to suspend for them, the stand-in holding the focus would be swapped for another, and a key press lost.
const userMenu = onFirstUse(async () => {
  const menu = await import('../auth/user-menu.tsx');
  await i18n.loadNamespaces(menu.USER_MENU_NAMESPACES);
  return menu;
});

/**
 * The account button as it looks before the menu's code is here: pressing it (or focusing or pointing at it) loads
 * the menu, which then opens, or takes the focus, as the visitor asked.
 */
function DeferredUserMenu({ user }: { user: CurrentUser }) {
  const loaded = userMenu.useLoaded();
  const { t } = useTranslation('auth');
  // How the visitor opened the menu while its code loaded: from the keyboard, the loaded menu focuses its first item.
  const [opening, setOpening] = useState<'pointer' | 'keyboard' | null>(null);
  const [focused, setFocused] = useState(false);
  useEffect(() => userMenu.preloadWhenIdle(), []);

  const standIn = (
    <button
      type="button"
      aria-label={t('accountMenuFor', { name: fullNameOf(user) })}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={USER_MENU_BUTTON_CLASSES}
      onPointerEnter={userMenu.preload}
      onFocus={() => {
        setFocused(true);
        userMenu.preload();
      }}
      onBlur={() => setFocused(false)}
      onPointerDown={() => {
        setOpening('pointer');
        userMenu.preload();
      }}
      // A click with no pointer behind it (detail 0) is Enter or Space.
      onClick={(event) => setOpening(event.detail === 0 ? 'keyboard' : 'pointer')}
    >
      <UserMenuFace user={user} />
    </button>
  );
  if (!loaded) return standIn;
  return (
    <Suspense fallback={standIn}>
      <loaded.UserMenu user={user} defaultOpen={opening !== null} openedByKeyboard={opening === 'keyboard'} autoFocus={opening !== null || focused} />
    </Suspense>
  );
}

/** The account corner of the top bar: the user menu when signed in, a login icon otherwise. */
export function UserMenuSlot() {
  const { user, isLoading } = useCurrentUser();
  const { t: text } = useTranslation('layout');

  if (isLoading) return <Skeleton className="h-10 w-10 rounded-full" />;
  if (user) return <DeferredUserMenu user={user} />;

  return (
    <Link to="/login" aria-label={text('signIn')} title={text('signIn')} className={buttonClasses({ variant: 'ghost', size: 'icon' })}>
      <LogIn aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
    </Link>
  );
}
