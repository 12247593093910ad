import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import type { ChatWidgetState } from './chat-panel.tsx';
import { useFormFieldFocused } from './use-field-focused.ts';

const loadPanel = () => import('./chat-panel.tsx');
// The panel is its own chunk, fetched on the first open (or hover), so the first page does not carry it.
const ChatPanel = lazy(() => loadPanel().then((module) => ({ default: module.ChatPanel })));

/** The floating chat button and its panel: closed, open or minimised. The conversation survives all three. */
export function ChatWidget() {
  const [state, setState] = useState<ChatWidgetState>('closed');
  const [mounted, setMounted] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const { t } = useTranslation('chat-widget');
  // Never over a field being filled in (nor over the on-screen keyboard's view of it): gone while one has focus.
  const typing = useFormFieldFocused();

  useEffect(() => {
    if (state === 'closed' && returnFocus.current) {
      returnFocus.current = false;
      toggleRef.current?.focus();
    }
  }, [state]);

  function open() {
    setMounted(true);
    setState('open');
  }

  function close() {
    returnFocus.current = true;
    setState('closed');
  }

  return (
    <>
      {state === 'closed' && !typing && (
        <button
          ref={toggleRef}
          type="button"
          aria-label={t('openChat')}
          data-needs-script
          aria-haspopup="dialog"
          onClick={open}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          className="fixed end-4 bottom-[calc(1rem+var(--bottom-bar,0px))] z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-colors hover:bg-brand-800 focus-visible:ring-4 focus-visible:ring-brand-300"
        >
          <MessageCircle aria-hidden className="h-6 w-6" />
        </button>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <ChatPanel state={state} onMinimise={() => setState('minimised')} onRestore={() => setState('open')} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
