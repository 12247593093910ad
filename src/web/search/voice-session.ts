import type { Locale } from '../i18n/locale-store.ts';
import type { SpeechRecognitionLike } from './speech-recognition.ts';

const SPEECH_LANGUAGES: Record<Locale, string> = { en: 'en-US', ur: 'ur-PK', ar: 'ar-SA' };

export interface VoiceCallbacks {
  onTranscript: (text: string) => void;
  /** The browser failed to listen (not our own stop, nor a click with nothing said). */
  onFailure: () => void;
  onEnd: () => void;
}

/**
 * Listens for one spoken query in the visitor's language; loaded the first time the microphone is pressed. Answers
 * the session (to stop it), or null when the browser refused to start.
 */
export function listenOnce(
  Recognition: new () => SpeechRecognitionLike, locale: Locale, { onTranscript, onFailure, onEnd }: VoiceCallbacks,
): SpeechRecognitionLike | null {
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
    if (event.error !== 'aborted' && event.error !== 'no-speech') onFailure();
    onEnd();
  };
  instance.onend = onEnd;
  try {
    instance.start();
    return instance;
  } catch {
    onFailure();
    return null;
  }
}
