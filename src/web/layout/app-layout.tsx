import { useTranslation } from 'react-i18next';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { useForgetPreviousSession } from '../auth/forget-previous-session.ts';
import { PendingCartAdd } from '../cart/pending-cart-add.tsx';
import { ChatWidget } from '../chat/chat-widget.tsx';
import { PunchoutBarSlot } from '../punchout/punchout-bar-slot.tsx';
import { usePreferenceSync } from '../i18n/preferences.ts';
import type { RouteHandle } from './route-handle.ts';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

export function AppLayout() {
  const navigation = useNavigation();
  const { t: text } = useTranslation('layout');
  usePreferenceSync();
  useForgetPreviousSession();
  const footer = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.footer)
    .findLast(Boolean);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only rounded-lg bg-brand-800 font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:start-3 focus:z-50 focus:px-4 focus:py-2"
      >
        {text('skipToContent')}
      </a>
      {navigation.state === 'loading' && (
        <div role="progressbar" aria-label={text('loadingPage')} className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-500" />
      )}
      <PunchoutBarSlot />
      <TopBar />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* A page whose text is still on its way keeps its place until the text arrives. */}
        <Suspense fallback={<div className="min-h-[60vh]" />}>
          <Outlet />
        </Suspense>
      </main>
      {footer ?? <SiteFooter />}
      <ChatWidget />
      <PendingCartAdd />
      <ScrollRestoration />
    </div>
  );
}
