import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '@/i18n/i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/i18n/languages';
import { toastFailure } from '@/lib/api-error';
import { useSetLanguageMutation } from '../api/auth-api';
import { useProfile } from './use-profile';

/**
 * The language on screen and how to change it (issue 36): the choice is remembered in this
 * browser, and a signed-in user's is saved on their account, which then sets it on every
 * browser they sign in to.
 */
export function useLanguage() {
  const { t, i18n } = useTranslation('common');
  const { signedIn, profile } = useProfile();
  const [save] = useSetLanguageMutation();
  const language: Language = isLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : DEFAULT_LANGUAGE;
  const saved = signedIn ? profile?.language : null;
  useEffect(() => {
    if (saved) void setLanguage(saved);
  }, [saved]);
  const choose = (next: Language) => {
    void setLanguage(next);
    if (signedIn)
      save({ language: next })
        .unwrap()
        .catch((error: unknown) => toastFailure(error, t('language.saveFailed')));
  };
  return { language, choose };
}
