import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The DOM build wires in flushSync, which navigate(..., { flushSync: true }) needs.
import { RouterProvider } from 'react-router/dom';
import { createBrowserRouter } from 'react-router';
import { AppRoot } from './app-root.tsx';
import { readToken } from './lib/token-storage.ts';
import { i18n, SHELL_NAMESPACES, startI18n } from './i18n/i18n.ts';
import { followLinkedLocale } from './i18n/locale-store.ts';
import { createQueryClient } from './lib/query-client.ts';
import { nextTask } from './lib/next-task.ts';
import { keepEarlyInput } from './ssr/early-input.ts';
import { routes } from './router.tsx';
import {
  adoptRenderedChoices, hydrateQueries, linkedLocale, loadMatchedRoutes, readServerState, renderedAsChosen,
} from './ssr/hydration.ts';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;
const rendered = readServerState();
const linked = linkedLocale();
// A signed-in visitor may see prices and items of their own, and a visitor whose language the server could not know
// wants theirs: their page is rendered here, over the server's.
const hydrating = rendered !== null && readToken() === null && renderedAsChosen(rendered, linked);

if (hydrating) adoptRenderedChoices(rendered);
if (linked) followLinkedLocale(linked);
await startI18n(rendered ? { [rendered.locale]: rendered.texts } : undefined, { partial: rendered !== null });
await i18n.loadNamespaces(SHELL_NAMESPACES);
if (hydrating) {
  hydrateQueries(queryClient, rendered);
  await loadMatchedRoutes(routes);
  // The page's own module was set up in this task; hydration starts in the next.
  await nextTask();
}

const router = createBrowserRouter(routes, hydrating ? { hydrationData: { loaderData: {} } } : undefined);
const app = (
  <AppRoot
    queryClient={queryClient}
    origin={rendered?.origin ?? window.location.origin}
    renderedAt={hydrating ? rendered.renderedAt : null}
  >
    <RouterProvider router={router} />
  </AppRoot>
);
if (hydrating) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding it for the whole page.
  startTransition(() => {
    hydrateRoot(container, app, { onRecoverableError: (error) => console.error('Hydration:', error) });
  });
} else {
  // What the visitor chose in the server's page, if any, before it is rendered over.
  keepEarlyInput(container);
  createRoot(container).render(app);
}
