import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
// The DOM build wires in flushSync, which navigate(..., { flushSync: true }) needs.
import { RouterProvider } from 'react-router/dom';
import { Toaster } from './components/ui/toaster.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { router } from './router.tsx';
import './styles.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
