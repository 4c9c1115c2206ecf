import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  pickLanguage,
  type Language,
} from '@exchange/contracts';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language };

/** Each language's name in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** A visitor's choice in this browser (a signed-in user's is also saved on the server). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The first of the browser's languages the app speaks ("hi-IN" is Hindi), else English. */
export const browserLanguage = (preferred: readonly string[] = navigatorLanguages()): Language =>
  pickLanguage(preferred);

const navigatorLanguages = () =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

/** The visitor's saved choice, else the browser's language (a first visit). */
export function initialLanguage(): Language {
  const saved = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(saved) ? saved : browserLanguage();
}

export const rememberLanguage = (language: Language) =>
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
