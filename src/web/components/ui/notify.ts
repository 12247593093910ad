import { toast } from 'sonner';

type Show = (title: string, description?: string) => void;

/** Toasts with a title and an optional line of detail: `notify.success('Login successful', 'Welcome back, Ali!')`. */
export const notify: Record<'success' | 'error' | 'info' | 'warning', Show> = {
  success: (title, description) => toast.success(title, { description }),
  error: (title, description) => toast.error(title, { description }),
  info: (title, description) => toast.info(title, { description }),
  warning: (title, description) => toast.warning(title, { description }),
};
