import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Modal } from '../components/ui/modal.tsx';

/**
 * Asks before someone leaves the organisation, is removed or has their invitation withdrawn. A refusal the person
 * can act on (the last admin) is said inside the dialog, where they are looking.
 */
export function ConfirmRemoval({ title, text, action, pendingAction, pending, refusal, onConfirm, onClose }: {
  title: string;
  text: string;
  action: string;
  pendingAction: string;
  pending: boolean;
  refusal?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('organisation-members');
  return (
    <Modal open alert icon={TriangleAlert} title={title} description={text} onOpenChange={(open) => !open && onClose()}>
      {refusal && <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-900">{refusal}</p>}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>{t('keep')}</Button>
        <Button className="bg-red-700 hover:bg-red-800" disabled={pending || Boolean(refusal)} onClick={onConfirm}>
          {pending ? pendingAction : action}
        </Button>
      </div>
    </Modal>
  );
}
