import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { Mic, MicOff } from 'lucide-react';
import { notify } from '../components/ui/notify.ts';
import { cx } from '../lib/class-names.ts';
import { speechRecognitionConstructor, type SpeechRecognitionLike } from './speech-recognition.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useLocale } from '../i18n/locale-store.ts';
import { onFirstUse } from '../lib/on-first-use.ts';

/** The speech session's code loads the first time the microphone is pressed (or pointed at). */
const voiceSession = onFirstUse(() => import('./voice-session.ts'));

/** One spoken query in the visitor's language; the transcript goes to onTranscript. */
export function VoiceSearchButton({ onTranscript, className }: { onTranscript: (text: string) => void; className?: string }) {
  const [listening, setListening] = useState(false);
  const { t } = useTranslation('search');
  const locale = useLocale();
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const Recognition = speechRecognitionConstructor();
  // The server cannot tell whether the visitor's browser listens: the microphone shows until the browser says no.
  const hydrated = useHydrated();

  useEffect(() => () => recognition.current?.abort(), []);

  async function start() {
    if (!Recognition || listening) return;
    setListening(true);
    const { listenOnce } = await voiceSession.load();
    recognition.current = listenOnce(Recognition, locale, {
      onTranscript,
      onFailure: () => notify.error(t('voiceError'), t('voiceErrorText')),
      onEnd: () => setListening(false),
    });
    if (!recognition.current) setListening(false);
  }

  if (hydrated && !Recognition) {
    return (
      <button type="button" disabled title={t('voiceUnsupported')} aria-label={t('voiceUnsupported')}
        className={cx('rounded-md p-1.5 text-slate-300', className)}>
        <MicOff aria-hidden="true" className="h-4 w-4" />
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={listening ? () => recognition.current?.abort() : () => void start()}
      onPointerEnter={voiceSession.preload}
      aria-label={listening ? t('stopVoice') : t('searchByVoice')}
      aria-pressed={listening}
      data-needs-script
      title={listening ? t('listening') : t('searchByVoice')}
      className={cx('rounded-md p-1.5', listening ? 'animate-pulse bg-red-50 text-red-600' : 'text-slate-500 hover:text-brand-600', className)}
    >
      <Mic aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}
