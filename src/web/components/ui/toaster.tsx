import { Toaster as SonnerToaster } from 'sonner';

export function Toaster() {
  return <SonnerToaster visibleToasts={3} duration={4000} richColors closeButton position="top-right" />;
}
