import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { Mic, MicOff } from 'lucide-react';
import { notify } from '../components/ui/notify.ts';
import { cx } from '../lib/class-names.ts';
import { speechRecognitionConstructor, type SpeechRecognitionLike } from './speech-recognition.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { type Locale, useLocale } from '../i18n/locale-store.ts';

const SPEECH_LANGUAGES: Record<Locale, string> = { en: 'en-US', ur: 'ur-PK', ar: 'ar-SA' };

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

  function start() {
    if (!Recognition || listening) return;
    const instance = new Recognition();
    instance.lang = SPEECH_LANGUAGES[locale];
    instance.continuous = false;
    instance.interimResults = false;
    instance.maxAlternatives = 1;
    instance.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript.trim();
      if (transcript) onTranscript(transcript);
    };
    instance.onerror = (event) => {
      // 'aborted' is our own cleanup, 'no-speech' a silent click: neither is worth a toast.
      if (event.error !== 'aborted' && event.error !== 'no-speech') {
        notify.error(t('voiceError'), t('voiceErrorText'));
      }
      setListening(false);
    };
    instance.onend = () => setListening(false);
    recognition.current = instance;
    try {
      instance.start();
      setListening(true);
    } catch {
      notify.error(t('voiceError'), t('voiceErrorText'));
    }
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
      onClick={listening ? () => recognition.current?.abort() : start}
      aria-label={listening ? t('stopVoice') : t('searchByVoice')}
      aria-pressed={listening}
      title={listening ? t('listening') : t('searchByVoice')}
      className={cx('rounded-md p-1.5', listening ? 'animate-pulse bg-red-50 text-red-600' : 'text-slate-500 hover:text-brand-600', className)}
    >
      <Mic aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}
