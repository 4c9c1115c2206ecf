import i18next, { type BackendModule, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundledEnglish, takeBundledEnglish } from './bundled-english';
import {
  DEFAULT_LANGUAGE,
  initialLanguage,
  isLanguage,
  rememberLanguage,
  type Language,
} from './languages';

/**
 * The app's i18next (issue 36). Catalogs are JSON files, one per feature namespace:
 * `locales/en/<namespace>.json` and `locales/hi/<namespace>.json` (docs/web.md, "Texts
 * and languages"). English `common` (the top bar, menus, shared UI) is bundled; in the build,
 * every other English catalog comes with the code that uses it (`bundled-english.ts`). Any
 * other catalog is its own small chunk, fetched when a screen first asks for its namespace
 * (`useTranslation(ns)` suspends until then) or when its language is chosen, so an English user
 * downloads no Hindi and a screen no other screen's texts. The contracts' messages in Hindi come
 * from `@exchange/contracts/messages-hi` into the `messages` namespace (`contractCatalogs`).
 */
const englishCommon = import.meta.glob<ResourceLanguage>('./locales/en/common.json', {
  eager: true,
  import: 'default',
});
const lazyCatalogs = import.meta.glob<ResourceLanguage>(
  ['./locales/*/*.json', '!./locales/en/common.json'],
  { import: 'default' },
);

/**
 * What a language's namespace takes from the contracts beside its own file: the contracts'
 * messages (validation and refusals), keyed by their English like the rest of `messages`, from
 * the one catalog the server answers in too. Its own chunk, fetched only with the language.
 */
const contractCatalogs: Record<string, () => Promise<ResourceLanguage>> = {
  'hi/messages': () =>
    import('@exchange/contracts/messages-hi').then(({ CONTRACT_MESSAGES_HI }) =>
      Object.fromEntries(CONTRACT_MESSAGES_HI.map((message) => [message.en, message.text])),
    ),
};

const namespaceOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

/** Every namespace, as English has them. */
export const NAMESPACES = Object.keys(lazyCatalogs)
  .filter((file) => file.startsWith('./locales/en/'))
  .map(namespaceOf)
  .concat('common');

/** Loads a language's namespace from its own chunk. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, done) {
    const bundled = language === 'en' ? bundledEnglish(namespace) : undefined;
    if (bundled) return done(null, bundled);
    const load = lazyCatalogs[`./locales/${language}/${namespace}.json`];
    const fromContracts = contractCatalogs[`${language}/${namespace}`];
    Promise.all([load?.(), fromContracts?.()]).then(
      ([catalog, contracts]) => done(null, { ...contracts, ...catalog }),
      (error: unknown) => done(error as Error, null),
    );
  },
};

export const i18n: I18n = i18next.createInstance();

/**
 * Starts i18next in `language` (by default the visitor's saved choice or the browser's) and
 * resolves once that language's catalogs are in, so the first screen shows no other language.
 */
export async function startI18n(language: Language = initialLanguage()): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n
      .use(lazyBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: ['en', 'hi'],
        ns: ['common'],
        defaultNS: 'common',
        resources: { en: { common: Object.values(englishCommon)[0] ?? {} } },
        partialBundledLanguages: true,
        interpolation: { escapeValue: false }, // React escapes.
        returnNull: false,
        react: { useSuspense: true },
      });
    // A screen's English texts, as its code brings them: ready before it renders.
    takeBundledEnglish((namespace, catalog) => i18n.addResourceBundle('en', namespace, catalog));
  }
  await setLanguage(language, { remember: false });
}

/** Switches the app's language, loading its catalogs first; remembers it in this browser. */
export async function setLanguage(
  language: Language,
  { remember = true }: { remember?: boolean } = {},
): Promise<void> {
  if (remember) rememberLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  await Promise.all([
    i18n.language !== language ? i18n.changeLanguage(language) : null,
    language === 'hi' ? devanagariFont() : null,
  ]);
}

/**
 * Hindi's font (styles/devanagari.css), fetched beside the catalogs rather than when Devanagari
 * first shows: text drawn before it arrives can stay empty boxes in Chromium after it does. At
 * most a second: past that the text shows in the font as it comes.
 */
function devanagariFont(): Promise<unknown> | null {
  if (typeof document === 'undefined' || !('fonts' in document)) return null;
  return Promise.race([
    document.fonts.load('1em "Noto Sans Devanagari"', 'हिन्दी').catch(() => null),
    new Promise((resolve) => setTimeout(resolve, 1000)),
  ]);
}

/** The language on screen now. */
export const currentLanguage = (): Language =>
  isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
