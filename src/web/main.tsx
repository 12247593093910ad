import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
// The DOM build wires in flushSync, which navigate(..., { flushSync: true }) needs.
import { RouterProvider } from 'react-router/dom';
import { Toaster } from './components/ui/toaster.tsx';
import { i18n, startI18n } from './i18n/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { router } from './router.tsx';
import './styles.css';

const queryClient = createQueryClient();

/** What every page shows around itself, fetched before the first paint so that it never flashes empty. */
const SHELL_NAMESPACES = ['layout', 'components', 'preferences', 'errors'] as const;

await startI18n();
await i18n.loadNamespaces(SHELL_NAMESPACES);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
