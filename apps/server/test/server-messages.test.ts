import { describe, expect, it } from 'vitest';
import { PASSWORD, registration, uniqueEmail, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

const WRONG = 'Wr0ngPassword';

/**
 * Issue 36: the API's refusals in the user's language, the one they saved, else the request's
 * Accept-Language; English, byte for byte as before, when neither asks for another.
 */
describe.each(BACKENDS)("the server's messages by language on %s", (kind) => {
  const { t, ids } = useMarketApp(kind);

  const send = (
    method: 'POST' | 'PUT',
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
  ) => t.request({ method, url: `/api/v1${url}`, payload: payload as object, headers });
  const as = (user: Member, language?: string) => ({
    authorization: `Bearer ${user.token}`,
    ...(language ? { 'accept-language': language } : {}),
  });
  const order = (user: Member, language?: string) =>
    send(
      'POST',
      '/orders/spot',
      { symbol: 'BTCUSDT', order_type: 'limit', trade_type: 'buy', price: '30000', volume: '1' },
      as(user, language),
    );
  const saveLanguage = (user: Member, language: string) =>
    send('PUT', '/users/language', { language }, as(user));

  it("answers a visitor's failed login in the language of Accept-Language", async () => {
    const email = await verifiedUser(t);
    const login = (language?: string) =>
      send(
        'POST',
        '/auth/login',
        { email, password: WRONG },
        language ? { 'accept-language': language } : {},
      );
    expect((await login()).json()).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
    expect((await login('hi-IN,hi;q=0.9,en;q=0.8')).json()).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'ईमेल या पासवर्ड गलत है',
    });
    expect((await login('en-GB,en')).json().message).toBe('Invalid email or password');
  });

  it('says a wrong sign-up code and the resend cooldown in Hindi, with their values', async () => {
    const email = uniqueEmail('hi');
    const hindi = { 'accept-language': 'hi' };
    expect((await send('POST', '/auth/register', registration(email), hindi)).statusCode).toBe(201);
    const wrong = await send(
      'POST',
      '/auth/otp/validate',
      { email, otp: '000000', otp_for: 'registration' },
      hindi,
    );
    expect(wrong.json()).toMatchObject({
      code: 'OTP_INVALID',
      message: 'सत्यापन कोड गलत है या उसकी अवधि खत्म हो गई है। कोड जाँचें या नया कोड माँगें',
    });
    const resend = (headers: Record<string, string>) =>
      send('POST', '/auth/otp/resend', { email, otp_for: 'registration' }, headers);
    const again = await resend(hindi);
    expect(again.json().code).toBe('OTP_COOLDOWN');
    const wait = again.json().data.retry_after_seconds as number;
    expect(again.json().message).toBe(`नया कोड माँगने से पहले कृपया ${wait} सेकंड रुकें`);
    expect((await resend({})).json().message).toMatch(
      /^Please wait \d+s before requesting another code$/,
    );
  });

  it("refuses an order in the user's saved language, whatever the browser says", async () => {
    const user = await member(t, { pan: true });
    expect((await order(user)).json()).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_BALANCE',
      message: 'Insufficient balance',
    });
    expect((await order(user, 'hi')).json().message).toBe('अपर्याप्त बैलेंस');

    expect((await saveLanguage(user, 'hi')).statusCode).toBe(200);
    expect((await order(user, 'en-US,en')).json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'अपर्याप्त बैलेंस',
    });
    expect((await saveLanguage(user, 'en')).statusCode).toBe(200);
    expect((await order(user, 'hi')).json().message).toBe('Insufficient balance');
  });

  it('says the refusal of an unverified user, and a transfer beyond the balance, in Hindi', async () => {
    const stranger = await member(t, { kyc: 'none' });
    const refused = await order(stranger, 'hi');
    expect(refused.json()).toMatchObject({
      code: 'KYC_REQUIRED',
      message: 'जमा और ट्रेडिंग की अनुमति पाने के लिए पहचान सत्यापन पूरा करें',
    });

    const user = await member(t, { pan: true });
    await fund(t, user, ids.usdt, '10', 'funding');
    await saveLanguage(user, 'hi');
    const transfer = (amount: string, from = 'funding') =>
      authed(t, 'POST', '/wallets/transfer', user.token, {
        from_wallet: from,
        to_wallet: 'spot',
        amount,
        token_id: ids.usdt,
      });
    expect((await transfer('10.5')).json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'राशि 10 से ज़्यादा नहीं हो सकती',
    });
    expect((await transfer('1', 'spot')).json().message).toBe('"से" और "में" वॉलेट अलग-अलग होने चाहिए');
  });

  it('says a refused withdrawal address in Hindi, in the message and beside its field', async () => {
    const user = await member(t, { pan: true });
    await saveLanguage(user, 'hi');
    const zero = `0x${'0'.repeat(40)}`;
    const refused = await authed(t, 'POST', '/wallets/withdraw', user.token, {
      network: 'ethereum',
      address: zero,
      amount: '1',
      token_id: ids.usdt,
    });
    expect(refused.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'ज़ीरो पते पर निकासी की अनुमति नहीं है',
      data: { errors: { address: 'ज़ीरो पते पर निकासी की अनुमति नहीं है' } },
    });
  });

  it('says the rate limit in Hindi, with its wait', async () => {
    const email = await verifiedUser(t);
    const hindi = { 'accept-language': 'hi' };
    for (let i = 0; i < 5; i++)
      await send('POST', '/auth/login', { email, password: WRONG }, hindi);
    const refused = await send('POST', '/auth/login', { email, password: PASSWORD }, hindi);
    expect(refused.statusCode).toBe(429);
    const wait = refused.json().data.retry_after_seconds as number;
    expect(refused.json().message).toBe(`बहुत ज़्यादा अनुरोध। ${wait} सेकंड बाद फिर कोशिश करें`);
    const english = await send('POST', '/auth/login', { email, password: PASSWORD });
    expect(english.json().message).toMatch(/^Too many requests\. Try again in \d+s$/);
  });

  it("says an API key's refusals in Hindi, a contracts' constant and the server's own text alike", async () => {
    const user = await member(t, { pan: true });
    const withdrawKey = (language?: string) =>
      send(
        'POST',
        '/api-keys',
        { label: 'payout', scopes: ['withdraw'], expires_in_days: 30 },
        as(user, language),
      );
    expect((await withdrawKey()).json()).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message:
        'Withdraw permission needs two-factor authentication: turn on the authenticator app first',
    });
    expect((await withdrawKey('hi')).json()).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'निकासी की अनुमति के लिए टू-फ़ैक्टर ऑथेंटिकेशन ज़रूरी है: पहले ऑथेंटिकेटर ऐप चालू करें',
    });
    const revoke = (language?: string) =>
      t.request({
        method: 'DELETE',
        url: '/api/v1/api-keys/00000000-0000-4000-8000-000000000000',
        headers: as(user, language),
      });
    expect((await revoke()).json()).toMatchObject({ status: 404, message: 'API key not found' });
    expect((await revoke('hi')).json()).toMatchObject({
      status: 404,
      message: 'API कुंजी नहीं मिली',
    });
  });

  it('says a refused bank account (not in the verified name) in Hindi to a user who saved it', async () => {
    const user = await member(t, { pan: true });
    const bankAccount = () =>
      authed(t, 'POST', '/bank-accounts', user.token, {
        holder_name: 'Amit Verma',
        account_number: '50100123456789',
        confirm_account_number: '50100123456789',
        ifsc: 'hdfc0001234',
      });
    const english = await bankAccount();
    expect(english.json()).toMatchObject({
      status: 400,
      message:
        'The account holder name must match the name on your verified identity. Add an account in your own name.',
    });
    await saveLanguage(user, 'hi');
    expect((await bankAccount()).json()).toMatchObject({
      status: 400,
      message: 'खाताधारक का नाम आपकी सत्यापित पहचान के नाम से मेल खाना चाहिए। अपने नाम का खाता जोड़ें।',
    });
  });
});
