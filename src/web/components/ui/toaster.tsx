import { useEffect, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { isRtl, useLocale } from '../../i18n/locale-store.ts';
import { toastLibrary } from './notify.ts';

/** Tailwind's `sm`: narrower than this is a phone. */
const PHONE_QUERY = '(max-width: 639.98px)';
/** Above the floating chat button (1rem + 3.5rem + a gap) and above a bottom bar when one is shown. */
const ABOVE_CHAT_BUTTON = 'calc(5.5rem + var(--bottom-bar, 0px))';

/**
 * Toasts sit at the bottom on every width: on a phone across the screen, above the chat button and a bottom bar,
 * never over the header's menu and cart buttons; on wider screens in the end corner above the chat button, away
 * from the header's actions and the page's own buttons, which start at the top.
 */
export function toastPlacement(phone: boolean, rtl: boolean): Pick<ToasterProps, 'position' | 'offset' | 'mobileOffset'> {
  const offset = { bottom: ABOVE_CHAT_BUTTON };
  if (phone) return { position: 'bottom-center', mobileOffset: offset };
  return { position: rtl ? 'bottom-left' : 'bottom-right', offset };
}

const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null);

function subscribe(onChange: () => void) {
  const query = media();
  if (!query) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePhone(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}

/**
 * The toasts' live region. Its library loads once the page is idle, so the region is in place before the first toast
 * (a toast shown sooner loads it at once and still shows); nothing is rendered until then, on the server as well.
 */
export function Toaster() {
  const placement = toastPlacement(usePhone(), isRtl(useLocale()));
  const library = toastLibrary.useLoaded();
  useEffect(() => toastLibrary.preloadWhenIdle(), []);
  if (!library) return null;
  return <library.Toaster visibleToasts={3} duration={4000} richColors closeButton {...placement} />;
}
