import * as contracts from '@exchange/contracts';
import { LANGUAGES } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { bothZones } from './both-zones.js';
import {
  dataIn,
  knownTextIn,
  MESSAGES,
  said,
  saidByEnglish,
  textOf,
  type MessageKey,
} from './messages.js';

describe("the server's message catalog", () => {
  const keys = Object.keys(MESSAGES) as MessageKey[];

  it('has every message in every language, a text with values taking the same values in each', () => {
    for (const key of keys) {
      const entry: Record<string, unknown> = MESSAGES[key];
      for (const language of LANGUAGES) {
        const text = entry[language];
        expect(typeof text, `${key} in ${language}`).toBe(typeof MESSAGES[key].en);
        if (typeof text === 'string') expect(text.trim(), `${key} in ${language}`).not.toBe('');
        else
          expect((text as () => string).length, `${key} in ${language}`).toBe(
            (MESSAGES[key].en as () => string).length,
          );
      }
      if (typeof MESSAGES[key].hi === 'string')
        expect(MESSAGES[key].hi, `${key} in Hindi`).toMatch(/\p{Script=Devanagari}/u);
    }
  });

  it('keeps the English text as the error message and in JSON, and says it in Hindi when asked', () => {
    const err = new AppError('INSUFFICIENT_BALANCE', said('amountCannotExceed', '10'), {
      errors: { amount: said('amountCannotExceed', '10') },
    });
    expect(err.message).toBe('Amount cannot exceed 10');
    expect(err.messageIn('en')).toBe('Amount cannot exceed 10');
    expect(err.messageIn('hi')).toBe('राशि 10 से ज़्यादा नहीं हो सकती');
    expect(JSON.parse(JSON.stringify(err.data))).toEqual({
      errors: { amount: 'Amount cannot exceed 10' },
    });
    expect(err.dataIn('hi')).toEqual({ errors: { amount: 'राशि 10 से ज़्यादा नहीं हो सकती' } });
    expect(dataIn({ errors: { amount: 'as it is' } }, 'hi')).toEqual({
      errors: { amount: 'as it is' },
    });
  });

  it("says a plain message as made, and a schema's message in Hindi when the catalog has it", () => {
    const plain = new AppError('BAD_REQUEST', 'Not in the catalog');
    expect(plain.messageIn('hi')).toBe('Not in the catalog');
    expect(knownTextIn('From and To must differ', 'hi')).toBe(
      textOf(said('transferSameWallet'), 'hi'),
    );
    expect(knownTextIn('From and To must differ', 'en')).toBe('From and To must differ');
    expect(knownTextIn('Not in the catalog', 'hi')).toBe('Not in the catalog');
  });

  it('counts tries in Hindi and English alike', () => {
    expect(textOf(said('wrongCode', 1), 'en')).toBe('Invalid authenticator code. 1 try left');
    expect(textOf(said('wrongCode', 4), 'en')).toBe('Invalid authenticator code. 4 tries left');
    expect(textOf(said('wrongCode', 4), 'hi')).toBe('ऑथेंटिकेटर कोड गलत है। 4 कोशिशें बाकी');
  });

  it("names a refusal's date in the reader's language (issue 47), its value the date itself", () => {
    const until = new Date('2026-11-30T05:08:32Z');
    const held = said('withdrawalsHeld', until);
    expect(textOf(held, 'en')).toBe(
      'Withdrawals are on hold after a security change on your account, until 30 Nov 2026, 10:38:32 IST (30 Nov 2026, 05:08:32 UTC)',
    );
    const hindi = textOf(held, 'hi');
    expect(hindi).toContain(bothZones(until, 'hi'));
    expect(hindi).not.toContain('Nov');
    for (const dated of [said('bankAccountNew', '24', until), said('addressLockedUntil', until)]) {
      expect(textOf(dated, 'en')).toContain(bothZones(until));
      expect(textOf(dated, 'hi')).toContain(bothZones(until, 'hi'));
    }
  });

  it("has Hindi for every text of every contracts' *_MESSAGES object, so a new one without it fails", () => {
    const objects = Object.entries(contracts).filter(
      ([name, value]) => name.endsWith('_MESSAGES') && typeof value === 'object' && value !== null,
    );
    expect(objects.length).toBeGreaterThan(10);
    const missing = objects.flatMap(([name, messages]) =>
      Object.entries(messages as Record<string, unknown>).flatMap(([key, text]) => {
        if (typeof text !== 'string') return [];
        const known = saidByEnglish(text);
        const hindi = known && textOf(known, 'hi');
        return hindi && hindi !== text && /\p{Script=Devanagari}/u.test(hindi)
          ? []
          : [`${name}.${key}: ${text}`];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('holds each English text without values once, so it has one Hindi', () => {
    const english = keys.map((key) => MESSAGES[key].en).filter((en) => typeof en === 'string');
    expect(english.filter((en, i) => english.indexOf(en) !== i)).toEqual([]);
  });
});
