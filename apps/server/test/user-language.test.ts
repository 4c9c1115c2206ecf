import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickLanguage } from '@exchange/contracts';
import { get, loginToken, registration, uniqueEmail, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 36: the user's language, saved on the account, else the request's Accept-Language. */
describe.each(BACKENDS)('the user language on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const send = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
  const putLanguage = (token: string, language: unknown) =>
    t.request({
      method: 'PUT',
      url: '/api/v1/users/language',
      payload: { language },
      headers: { authorization: `Bearer ${token}` },
    });

  it('reads Accept-Language by its weights, "hi-IN" as Hindi, anything else as English', () => {
    expect(pickLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(pickLanguage('en-IN,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(pickLanguage('fr;q=0.9,hi;q=0.5')).toBe('hi');
    expect(pickLanguage('en;q=0.1,hi;q=0.7')).toBe('hi');
    expect(pickLanguage('hi;q=0,ta')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });

  it("mails a visitor's sign-up code in the language of Accept-Language", async () => {
    const hindi = uniqueEmail('hi');
    expect(
      (await send('/auth/register', registration(hindi), { 'accept-language': 'hi-IN' }))
        .statusCode,
    ).toBe(201);
    const [mail] = t.outbox.list(hindi);
    expect(mail?.subject).toBe('अपना ईमेल सत्यापित करें');
    expect(mail?.text).toMatch(/^आपका सत्यापन कोड है \d{6}/);
    expect(mail?.text).toContain('10 मिनट');
    expect(mail?.html).toContain('<html lang="hi">');

    const english = uniqueEmail('en');
    await send('/auth/register', registration(english), { 'accept-language': 'en-GB,en' });
    expect(t.outbox.list(english)[0]?.subject).toBe('Verify your email');
  });

  it("saves the signed-in user's choice, shows it in the profile, and mails in it whatever the browser says", async () => {
    const email = await verifiedUser(t);
    const token = await loginToken(t, email);
    expect((await get(t, '/users', token)).json().data.language).toBeNull();

    const saved = await putLanguage(token, 'hi');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.language).toBe('hi');
    expect((await get(t, '/users', token)).json().data.language).toBe('hi');

    await send('/auth/password/forgot', { email }, { 'accept-language': 'en-US' });
    const [reset] = t.outbox.list(email);
    expect(reset?.subject).toBe('अपना पासवर्ड रीसेट करें');
    expect(reset?.text).toContain('अपना पासवर्ड रीसेट करने के लिए इसे दर्ज करें');
  });

  it('refuses a language it does not speak, and keeps the saved one', async () => {
    const token = await loginToken(t, await verifiedUser(t));
    await putLanguage(token, 'hi');
    const refused = await putLanguage(token, 'fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Choose English or हिन्दी');
    expect((await get(t, '/users', token)).json().data.language).toBe('hi');
  });

  it('sends the security notices in the saved language', async () => {
    const email = await verifiedUser(t);
    const token = await loginToken(t, email);
    await putLanguage(token, 'hi');
    // A login from a new device and address: the new-login notice.
    await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: registration(email).password },
      remoteAddress: '198.51.100.23',
      headers: {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
    });
    await t.app.ctx.mailIdle();
    const notice = t.outbox.list(email).find((m) => m.subject === 'आपके खाते में नया लॉगिन');
    expect(notice?.text).toContain('कब: ');
    expect(notice?.text).toContain('IST');
    expect(notice?.text).toContain('कहाँ से: 198.51.100.23');
  });
});
