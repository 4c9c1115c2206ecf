import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';
import { CONTRACT_MESSAGES } from './contract-messages.js';
import { CONTRACT_MESSAGES_HI, MESSAGES_HI } from './messages-hi.js';

describe("the contracts' messages in Hindi", () => {
  it('lists every *_MESSAGES object the contracts export, so a new one without Hindi fails', () => {
    const exported = Object.keys(contracts).filter((name) => name.endsWith('_MESSAGES'));
    expect(Object.keys(CONTRACT_MESSAGES).sort()).toEqual(exported.sort());
    expect(Object.keys(MESSAGES_HI).sort()).toEqual(exported.sort());
  });

  it('says every text of every object in Devanagari, never empty nor the English', () => {
    const missing = Object.entries(CONTRACT_MESSAGES).flatMap(([name, english]) =>
      Object.entries(english).flatMap(([key, en]) => {
        const hi = (MESSAGES_HI as Record<string, Record<string, string>>)[name]?.[key];
        return hi && hi !== en && /\p{Script=Devanagari}/u.test(hi) ? [] : [`${name}.${key}`];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('has one Hindi for each English text, even one two objects say', () => {
    const english = CONTRACT_MESSAGES_HI.map((message) => message.en);
    expect(english.filter((en, i) => english.indexOf(en) !== i)).toEqual([]);
    const found = CONTRACT_MESSAGES_HI.find(
      ({ en }) => en === contracts.WALLET_MESSAGES.amountPositive,
    );
    expect(found?.text).toBe('राशि 0 से ज़्यादा होनी चाहिए');
    expect(contracts.ORDER_MESSAGES.amountPositive).toBe(contracts.WALLET_MESSAGES.amountPositive);
  });
});
