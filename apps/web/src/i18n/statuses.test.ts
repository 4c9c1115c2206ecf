import {
  DEPOSIT_STATUSES,
  VERIFICATION_REQUEST_STATUSES,
  WITHDRAWAL_STATUSES,
} from '@exchange/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './i18n';
import { IDENTITY_STATUS_KEYS, TRANSFER_STATUS_KEYS } from './statuses';

describe('status words', () => {
  afterAll(() => setLanguage('en', { remember: false }));

  it.each(['en', 'hi'] as const)('name every status the contracts know in %s', async (language) => {
    await setLanguage(language, { remember: false });
    await i18n.loadNamespaces('statuses');
    const words = (keys: Record<string, string>, values: readonly string[]) =>
      values.map((value) => {
        const key = `statuses:${keys[value]}`;
        expect(i18n.exists(key), `${language} ${key}`).toBe(true);
        return i18n.t(key);
      });
    const transfer = words(TRANSFER_STATUS_KEYS, [...DEPOSIT_STATUSES, ...WITHDRAWAL_STATUSES]);
    const identity = words(IDENTITY_STATUS_KEYS, VERIFICATION_REQUEST_STATUSES);
    if (language === 'en') {
      expect(transfer.slice(0, 3)).toEqual(['Pending', 'Confirmed', 'Rejected']);
      expect(identity[1]).toBe('Under review');
    } else {
      expect(transfer.slice(0, 3)).toEqual(['लंबित', 'पुष्टि हुई', 'अस्वीकृत']);
      for (const word of [...transfer, ...identity]) expect(word).not.toMatch(/[A-Za-z]/);
    }
  });
});
