import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { LucideIcon } from 'lucide-react';
import { X } from 'lucide-react';
import { Button } from './button.tsx';

/**
 * A dialog over the page: title, one line of description, a close button and what it asks. `alert` makes it an
 * alertdialog, for a question that must be answered before going on.
 */
export function Modal({
  open, onOpenChange, title, description, icon: Icon, alert, children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  alert?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('components');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          role={alert ? 'alertdialog' : 'dialog'}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="flex items-center gap-2 text-lg font-bold text-slate-900">
                {Icon && <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />} {title}
              </Dialog.Title>
              {description && <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('close')}>
                <X aria-hidden="true" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
