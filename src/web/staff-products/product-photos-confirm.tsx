import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Modal } from '../components/ui/modal.tsx';
import { notify } from '../components/ui/notify.ts';
import { useErrorText } from '../lib/error-text.ts';

/** Asks before a photo or a document leaves the product; `remove` does it, and the dialog closes once it is done. */
export function ConfirmRemoval({ title, text, done, failed, remove, onClose, children }: {
  title: string;
  text: string;
  /** What the toasts say when it worked or failed. */
  done: string;
  failed: string;
  remove: { mutate: (value: void, options: { onSuccess: () => void; onError: (error: Error) => void }) => void; isPending: boolean };
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('staff-media');
  const errorText = useErrorText();
  const confirm = () => remove.mutate(undefined, {
    onSuccess: () => {
      notify.success(done);
      onClose();
    },
    onError: (error) => notify.error(failed, errorText(error)),
  });
  return (
    <Modal open alert icon={TriangleAlert} title={title} description={text} onOpenChange={(open) => !open && onClose()}>
      {children}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>{t('keep')}</Button>
        <Button className="bg-red-700 hover:bg-red-800" disabled={remove.isPending} onClick={confirm}>
          {remove.isPending ? t('removing') : t('remove')}
        </Button>
      </div>
    </Modal>
  );
}
