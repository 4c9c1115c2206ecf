import type { Language } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { PRICE_ALERT_TEXTS } from './price-alert.js';
import { DETAILS_HI } from './security-notices-hi.js';
import { DETAILS_EN } from './security-notices.js';
import { CODE_MAIL_TEXTS } from './templates.js';

/** Every leaf of a catalog by its path, a function called with sample values. */
function leaves(node: unknown, path = ''): Record<string, string> {
  if (typeof node === 'string') return { [path]: node };
  if (typeof node === 'function')
    return { [path]: (node as (...values: unknown[]) => string)('7', '7', '7') };
  if (Array.isArray(node) || (typeof node === 'object' && node !== null))
    return Object.assign(
      {},
      ...Object.entries(node).map(([key, value]) => leaves(value, path ? `${path}.${key}` : key)),
    );
  return {};
}

const CATALOGS: Record<string, Record<Language, unknown>> = {
  'code and account mails': CODE_MAIL_TEXTS,
  'price alert mail': PRICE_ALERT_TEXTS,
  "security notices' details": { en: DETAILS_EN, hi: DETAILS_HI },
};

describe("the mails' catalogs (issue 47)", () => {
  it.each(Object.entries(CATALOGS))(
    'says every text of the %s in Hindi that English has, in Devanagari',
    (_, catalog) => {
      const english = leaves(catalog.en);
      const hindi = leaves(catalog.hi);
      expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
      const untranslated = Object.entries(hindi).filter(
        ([path, text]) => text === english[path] || !/\p{Script=Devanagari}/u.test(text),
      );
      expect(untranslated).toEqual([]);
    },
  );
});
