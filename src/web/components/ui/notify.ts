import { onFirstUse } from '../../lib/on-first-use.ts';

/** The toast library: the toaster loads it when the page is idle, and the first toast at the latest. */
export const toastLibrary = onFirstUse(() => import('sonner'));

type Show = (title: string, description?: string) => void;

const show = (kind: 'success' | 'error' | 'info' | 'warning'): Show => (title, description) => {
  void toastLibrary.load().then(({ toast }) => toast[kind](title, { description }));
};

/** Toasts with a title and an optional line of detail: `notify.success('Login successful', 'Welcome back, Ali!')`. */
export const notify: Record<'success' | 'error' | 'info' | 'warning', Show> = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
