import type { Language } from '@exchange/contracts';

const options = (timeZone: string): Intl.DateTimeFormatOptions => ({
  timeZone,
  dateStyle: 'medium',
  timeStyle: 'medium',
  hourCycle: 'h23',
});

/**
 * The clocks of mails and messages per language: India's time and UTC, with the month named in
 * the reader's language (walk-4 W4-8: a Hindi mail said "30 Nov"; issue 47: so did a Hindi
 * refusal); digits stay Latin in both, as on screen.
 */
const FORMATS: Record<Language, { ist: Intl.DateTimeFormat; utc: Intl.DateTimeFormat }> = {
  en: {
    ist: new Intl.DateTimeFormat('en-IN', options('Asia/Kolkata')),
    utc: new Intl.DateTimeFormat('en-GB', options('UTC')),
  },
  hi: {
    ist: new Intl.DateTimeFormat('hi-IN-u-nu-latn', options('Asia/Kolkata')),
    utc: new Intl.DateTimeFormat('hi-IN-u-nu-latn', options('UTC')),
  },
};

/** "24 Nov 2026, 05:30:12 IST (23 Nov 2026, 23:59:12 UTC)"; in Hindi "24 नव॰ 2026, …". */
export function bothZones(at: Date, language: Language = 'en'): string {
  const { ist, utc } = FORMATS[language];
  return `${ist.format(at)} IST (${utc.format(at)} UTC)`;
}
