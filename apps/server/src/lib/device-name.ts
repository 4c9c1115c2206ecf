import type { Language } from '@exchange/contracts';
import Bowser from 'bowser';

/** User agents longer than this are cut before they are stored. */
export const USER_AGENT_MAX = 512;

/**
 * Names a user agent may put in front of a user: Bowser's own lists of browsers and systems. Its
 * generic fallback takes whatever text precedes a "/version" as the browser's name, which let a
 * signer-in with a stolen password write the owner's new-login mail (review 4, N4-L5); such a name
 * is not on the list and reads "Unknown browser".
 */
const KNOWN_BROWSERS = new Set(
  Object.values(Bowser.BROWSER_MAP).filter((name) => name !== 'Generic'),
);
const KNOWN_SYSTEMS = new Set(Object.values(Bowser.OS_MAP));

/** The words around the names in each language (walk-4 W4-8); the names themselves stay. */
const WORDS = {
  en: {
    unknownDevice: 'Unknown device',
    unknownBrowser: 'Unknown browser',
    on: (name: string, system: string) => `${name} on ${system}`,
  },
  hi: {
    unknownDevice: 'अज्ञात डिवाइस',
    unknownBrowser: 'अज्ञात ब्राउज़र',
    on: (name: string, system: string) => `${system} पर ${name}`,
  },
} satisfies Record<Language, unknown>;

/**
 * A short name for the device a user agent describes, such as "Chrome 131 on Windows" or
 * "Safari on iOS" ("Windows पर Chrome 131" in Hindi): what the Security page and security notices
 * show. Only known browser and system names and a numeric major version are ever taken from the
 * user agent.
 */
export function deviceName(userAgent: string | null, language: Language = 'en'): string {
  const words = WORDS[language];
  if (!userAgent) return words.unknownDevice;
  const { browser, os } = Bowser.parse(userAgent);
  const browserName = browser.name && KNOWN_BROWSERS.has(browser.name) ? browser.name : null;
  const system = os.name && KNOWN_SYSTEMS.has(os.name) ? os.name : null;
  const major = browser.version?.split('.')[0];
  const version = major && /^\d{1,4}$/.test(major) ? major : null;
  const name = browserName ? [browserName, version].filter(Boolean).join(' ') : null;
  if (!name && !system) return words.unknownDevice;
  if (!name) return words.on(words.unknownBrowser, system as string);
  return system ? words.on(name, system) : name;
}

/** The user agent as kept: bounded in length. */
export function keptUserAgent(userAgent: string | undefined | null): string | null {
  return userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null;
}
