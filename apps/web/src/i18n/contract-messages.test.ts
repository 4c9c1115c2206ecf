import { ADMIN_MARKET_MESSAGES, AUTH_MESSAGES, WALLET_MESSAGES } from '@exchange/contracts';
import { CONTRACT_MESSAGES_HI } from '@exchange/contracts/messages-hi';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './i18n';

/** What `useMessage` says for a contracts' or the server's English text. */
const say = (text: string) =>
  i18n.t(text, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: text });

describe("the contracts' messages in the app's languages", () => {
  afterAll(() => setLanguage('en', { remember: false }));

  it("says every one in Hindi from the contracts' catalog, beside the app's own messages", async () => {
    await setLanguage('hi', { remember: false });
    await i18n.reloadResources('hi', 'messages');
    const untranslated = CONTRACT_MESSAGES_HI.filter(({ en, text }) => say(en) !== text);
    expect(untranslated).toEqual([]);
    expect(say(ADMIN_MARKET_MESSAGES.nameRequired)).toBe('टोकन का नाम दर्ज करें');
    expect(say(WALLET_MESSAGES.walletsMustDiffer)).toMatch(/\p{Script=Devanagari}/u);
    expect(say('Coming soon')).toBe('जल्द आ रहा है');
  });

  it('says them in English as the contracts write them, with no Hindi loaded for it', async () => {
    await setLanguage('en', { remember: false });
    await i18n.loadNamespaces('messages');
    expect(say(AUTH_MESSAGES.emailRequired)).toBe(AUTH_MESSAGES.emailRequired);
    expect(i18n.getResourceBundle('en', 'messages')).not.toHaveProperty(
      ADMIN_MARKET_MESSAGES.nameRequired,
    );
  });
});
