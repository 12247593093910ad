import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { notify } from '../components/ui/notify.ts';
import { useUpdateProfileMutation } from '../profile/profile.api.ts';
import { type Currency, isCurrency, setCurrency } from './currency-store.ts';
import { isLocale, linkedLocaleOfVisit, type Locale, setLocale } from './locale-store.ts';

/**
 * Signed in, the profile's language and currency win: they are applied on sign-in and whenever the profile
 * saves new ones, on this device and at once. A visit opened by a link naming a language keeps that language: the
 * profile's applies again only when the buyer changes it.
 */
export function usePreferenceSync() {
  const { user } = useCurrentUser();
  const language = user?.preferences.language;
  const currency = user?.preferences.currency;
  const profileLanguage = useRef<string | undefined>(undefined);
  useEffect(() => {
    const before = profileLanguage.current;
    profileLanguage.current = language;
    if (!isLocale(language)) return;
    const changedByBuyer = before !== undefined && before !== language;
    if (!linkedLocaleOfVisit() || changedByBuyer) setLocale(language);
  }, [user?.id, language]);
  useEffect(() => {
    if (isCurrency(currency)) setCurrency(currency);
  }, [user?.id, currency]);
}

/** A choice from the top bar: applied at once, and saved to the profile when someone is signed in. */
export function useChoosePreference() {
  const { user } = useCurrentUser();
  const save = useUpdateProfileMutation();
  const { t: text } = useTranslation('preferences');
  const persist = (preferences: { language?: Locale; currency?: Currency }) => {
    if (!user) return;
    save.mutate({ preferences }, {
      onError: () => notify.error(text('preferencesNotSaved'), text('tryAgainLater')),
    });
  };
  return {
    chooseLanguage(language: Locale) {
      setLocale(language);
      persist({ language });
    },
    chooseCurrency(currency: Currency) {
      setCurrency(currency);
      persist({ currency });
    },
  };
}
