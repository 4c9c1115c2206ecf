import { describe, expect, it } from 'vitest';
import { PASSWORD, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { useMarketApp } from './support/market-app.js';
import { member, type Member } from './support/members.js';

/**
 * Issue 47: what the server says when a request succeeds is said in the reader's language, as
 * its refusals are (issue 36): the signed-in user's saved language, else Accept-Language;
 * English, as before, when neither asks for another.
 */
describe.each(BACKENDS)("the server's notices by language on %s", (kind) => {
  const { t } = useMarketApp(kind);

  const call = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: Member | null,
    { payload, language }: { payload?: object; language?: string } = {},
  ) =>
    t.request({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
        ...(language ? { 'accept-language': language } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const saveLanguage = (user: Member, language: string) =>
    call('PUT', '/users/language', user, { payload: { language } });
  const said = async (answer: ReturnType<typeof call>) => {
    const res = await answer;
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().message as string;
  };

  it("says a user's notices in their saved language, whatever the browser asks, and English to others", async () => {
    const hindi = await member(t);
    expect(await said(saveLanguage(hindi, 'hi'))).toBe('भाषा सहेज ली गई');
    expect(await said(call('POST', '/symbols/BTCUSDT/favorites', hindi, { language: 'en' }))).toBe(
      'पसंदीदा में जोड़ दिया गया',
    );
    expect(await said(call('DELETE', '/symbols/BTCUSDT/favorites', hindi))).toBe(
      'पसंदीदा से हटा दिया गया',
    );
    expect(await said(call('POST', '/auth/logout', hindi))).toBe('लॉग आउट हो गया');

    const english = await member(t);
    expect(await said(call('POST', '/symbols/BTCUSDT/favorites', english))).toBe(
      'Added to favorites',
    );
    expect(await said(saveLanguage(english, 'en'))).toBe('Language saved');
    expect(await said(call('POST', '/auth/logout', english, { language: 'hi' }))).toBe(
      'Logged out',
    );
  });

  it("says a visitor's login in the language of Accept-Language", async () => {
    const email = await verifiedUser(t);
    const login = (language?: string) =>
      said(call('POST', '/auth/login', null, { payload: { email, password: PASSWORD }, language }));
    expect(await login('hi-IN,hi;q=0.9,en;q=0.8')).toBe('लॉग इन हो गया');
    expect(await login()).toBe('Login successful');
  });

  it("says an admin's notices with their values in the admin's language", async () => {
    const hindi = await member(t, { role: 'admin' });
    const english = await member(t, { role: 'admin' });
    await saveLanguage(hindi, 'hi');
    expect(await said(call('POST', '/admin/markets/pairs/BTCUSDT/halt', hindi))).toBe(
      'BTCUSDT पर ट्रेडिंग रोक दी गई',
    );
    expect(await said(call('POST', '/admin/markets/pairs/BTCUSDT/resume', english))).toBe(
      'Trading resumed on BTCUSDT',
    );
    const target = await member(t);
    const reason = { payload: { reason: 'Checking a notice' } };
    expect(await said(call('POST', `/admin/users/${target.id}/lock`, hindi, reason))).toBe(
      'खाता लॉक कर दिया गया',
    );
    expect(await said(call('POST', `/admin/users/${target.id}/unlock`, english, reason))).toBe(
      'Account unlocked',
    );
  });
});
