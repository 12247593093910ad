import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Modal } from '../components/ui/modal.tsx';

/**
 * While `dirty`, leaving for another page asks first, and closing or reloading the tab has the browser ask. `release`
 * lets the next navigation through (after a save, before the form has re-rendered clean).
 */
export function useUnsavedChanges(dirty: boolean) {
  const unsaved = useRef(dirty);
  useEffect(() => {
    unsaved.current = dirty;
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved.current && currentLocation.pathname !== nextLocation.pathname);
  return { blocker, release: () => { unsaved.current = false; } };
}

/** Asks whether to leave the page and lose the edits, while a navigation waits. */
export function UnsavedChangesDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const { t } = useTranslation('staff-products');
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal open alert icon={TriangleAlert} title={t('leaveTitle')} description={t('leaveText')} onOpenChange={(open) => !open && blocker.reset()}>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => blocker.reset()}>{t('stay')}</Button>
        <Button onClick={() => blocker.proceed()}>{t('leave')}</Button>
      </div>
    </Modal>
  );
}
