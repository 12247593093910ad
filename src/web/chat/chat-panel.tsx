import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Bot, ChevronUp, Minus, SendHorizontal, X } from 'lucide-react';
import { CHAT_MESSAGE_MAX } from '#contracts/chat';
import { cx } from '../lib/class-names.ts';
import { askAssistant } from './chat.api.ts';
import { ChatMessageBubble, TypingIndicator, type ChatMessage } from './chat-message.tsx';

export type ChatWidgetState = 'closed' | 'open' | 'minimised';

/** Each quick action's button (a key of the chat catalogue) and what it asks the assistant, which reads English. */
export const QUICK_ACTIONS = {
  trackOrder: 'Track my order',
  recommendations: 'Product recommendations',
  certifications: 'Certifications',
  shippingReturns: 'Shipping & returns',
} as const;
const QUICK_ACTION_KEYS = Object.keys(QUICK_ACTIONS) as (keyof typeof QUICK_ACTIONS)[];

/** The greeting is shown in the current language (its content is set when rendering) and never sent as context. */
const GREETING: ChatMessage = { id: 'greeting', sender: 'bot', content: '', timestamp: new Date(), type: 'text' };

let nextId = 0;
const newId = () => `m${++nextId}`;

export interface ChatPanelProps {
  state: ChatWidgetState;
  onMinimise(): void;
  onRestore(): void;
  onClose(): void;
}

export function ChatPanel({ state, onMinimise, onRestore, onClose }: ChatPanelProps) {
  const [messages, setMessages] = useState<ChatMessage[]>([GREETING]);
  const [draft, setDraft] = useState('');
  const [waiting, setWaiting] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const { t } = useTranslation('chat');

  useEffect(() => {
    if (state === 'open') inputRef.current?.focus();
    if (state === 'minimised') restoreRef.current?.focus();
  }, [state]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, waiting]);

  /** Sends `text`; a quick action shows its label in the visitor's language and asks `query`. */
  async function send(text: string, query = text) {
    const message = query.trim();
    if (!message || waiting) return;
    const history = messages.filter((m) => m !== GREETING);
    setMessages((current) => [...current, { id: newId(), sender: 'user', content: text.trim(), timestamp: new Date(), type: 'text' }]);
    setDraft('');
    setWaiting(true);
    try {
      const reply = await askAssistant(message, history);
      setMessages((current) => [...current, {
        id: newId(), sender: 'bot', content: reply.response, timestamp: new Date(), type: reply.type, data: reply.data,
        fallback: reply.fallback,
      }]);
    } catch {
      setMessages((current) => [...current, { id: newId(), sender: 'bot', content: t('unreachable'), timestamp: new Date(), type: 'text' }]);
    } finally {
      setWaiting(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(draft);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(draft);
    }
  }

  function onPanelKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && state === 'open') {
      event.stopPropagation();
      onMinimise();
    }
  }

  const open = state === 'open';
  const iconButton = 'inline-flex h-8 w-8 items-center justify-center rounded-md text-white/90 hover:bg-white/15 hover:text-white';

  return (
    <section
      role="dialog"
      aria-label={t('dialog')}
      hidden={state === 'closed'}
      onKeyDown={onPanelKeyDown}
      className={cx(
        'fixed inset-x-0 bottom-0 z-40 flex flex-col overflow-hidden border border-slate-200 bg-white shadow-2xl',
        'sm:inset-x-auto sm:end-4 sm:bottom-4 sm:w-[24rem] sm:rounded-2xl',
        open ? 'h-[600px] max-h-[calc(100dvh-2rem)] rounded-t-2xl' : 'rounded-t-2xl',
      )}
    >
      <header className="flex items-center gap-3 bg-brand-800 px-4 py-3 text-white">
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white/15">
          <Bot aria-hidden className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">{t('title')}</h2>
          <p className="text-xs text-brand-100">{t('subtitle')}</p>
        </div>
        {open ? (
          <button type="button" className={iconButton} aria-label={t('minimise')} onClick={onMinimise}>
            <Minus aria-hidden className="h-4 w-4" />
          </button>
        ) : (
          <button type="button" ref={restoreRef} className={iconButton} aria-label={t('restore')} onClick={onRestore}>
            <ChevronUp aria-hidden className="h-4 w-4" />
          </button>
        )}
        <button type="button" className={iconButton} aria-label={t('close')} onClick={onClose}>
          <X aria-hidden className="h-4 w-4" />
        </button>
      </header>

      <div hidden={!open} className="flex min-h-0 flex-1 flex-col">
        <ol ref={logRef} role="log" aria-live="polite" aria-label={t('conversation')} className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-4">
          {messages.map((message) => (
            <ChatMessageBubble key={message.id} message={message === GREETING ? { ...message, content: t('greeting') } : message} />
          ))}
          {waiting && <TypingIndicator />}
        </ol>

        {messages.length === 1 && (
          <div className="flex flex-wrap gap-2 px-4 pb-3" aria-label={t('quickActions')} role="group">
            {QUICK_ACTION_KEYS.map((action) => (
              <button
                key={action}
                type="button"
                onClick={() => void send(t(action), QUICK_ACTIONS[action])}
                className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1.5 text-xs font-semibold text-brand-800 hover:bg-brand-100"
              >
                {t(action)}
              </button>
            ))}
          </div>
        )}

        <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-slate-200 p-3">
          <label htmlFor="chat-input" className="sr-only">{t('message')}</label>
          <textarea
            id="chat-input"
            ref={inputRef}
            rows={1}
            value={draft}
            maxLength={CHAT_MESSAGE_MAX}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onInputKeyDown}
            placeholder={t('placeholder')}
            className="max-h-28 min-h-10 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
          />
          <button
            type="submit"
            aria-label={t('send')}
            disabled={waiting || !draft.trim()}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-50"
          >
            <SendHorizontal aria-hidden className="h-4 w-4" />
          </button>
        </form>
      </div>
    </section>
  );
}
