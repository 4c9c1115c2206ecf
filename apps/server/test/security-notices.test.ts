import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerOne } from '../src/core/money.js';
import { grantFunds } from '../src/demo/grant-funds.js';
import { DEVICE_COOKIE } from '../src/modules/login-history/device-cookie.js';
import { PASSWORD, post, registration, uniqueEmail } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import {
  approvedIdentity,
  authed,
  listTestTokens,
  member,
  randomPan,
  type Member,
} from './support/members.js';
import { codeIn, decodedText, subjectOf } from './support/smtp-sink.js';
import { useSmtpApp } from './support/smtp-app.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const txHash = () => `0x${randomBytes(32).toString('hex')}`;
const PAYOUT = '0x2222222222222222222222222222222222222222';

/** Review M3: the owner hears of logins, password changes and money moving, by real mail. */
describe.each(BACKENDS)('security notices through a real SMTP server on %s', (kind) => {
  const env = useSmtpApp(kind);

  /** Every notice queued so far has reached the SMTP server: its mails with this subject. */
  const mailed = async (email: string, subject: string) => {
    await env.t.app.ctx.mailIdle();
    return env.smtp.received.filter((m) => m.to.includes(email) && subjectOf(m.raw) === subject);
  };

  /** Signs up with the code read from the mail. */
  async function signedUp(): Promise<string> {
    const email = uniqueEmail('notice');
    await post(env.t, '/auth/register', registration(email));
    const otp = codeIn((await env.smtp.mailTo(email)).raw);
    await post(env.t, '/auth/otp/validate', { email, otp, otp_for: 'registration' });
    return email;
  }

  const login = (email: string, from: { ip: string; ua: string; device?: string }) =>
    env.t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: from.ip,
      headers: { 'user-agent': from.ua },
      ...(from.device ? { cookies: { [DEVICE_COOKIE]: from.device } } : {}),
    });

  it('mails a login from a new device or address once, and not again for the same device', async () => {
    const email = await signedUp();
    const first = await login(email, { ip: '203.0.113.7', ua: CHROME });
    expect(first.statusCode, first.body).toBe(200);
    const cookie = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    const device = cookie?.value as string;

    const notices = await mailed(email, 'New login to your account');
    expect(notices).toHaveLength(1);
    const text = decodedText(notices[0]?.raw ?? '');
    expect(text).toContain('from a device or address it had not used before');
    expect(text).toMatch(/When: \d{1,2} \w{3} \d{4}, \d\d:\d\d:\d\d IST \(.* UTC\)/);
    expect(text).toContain('From: 203.0.113.7, Chrome 131 on Windows');
    expect(text).toContain('reset your password');
    expect(notices[0]?.raw).toMatch(/Content-Type: text\/html/i);

    // The same browser from the same address: known, no mail; the cookie is kept, not replaced.
    const again = await login(email, { ip: '203.0.113.7', ua: CHROME, device });
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
    expect(await mailed(email, 'New login to your account')).toHaveLength(1);

    // Another browser, and the known browser from a new address: each is told.
    await login(email, { ip: '203.0.113.7', ua: FIREFOX });
    expect(await mailed(email, 'New login to your account')).toHaveLength(2);
    await login(email, { ip: '198.51.100.20', ua: CHROME, device });
    const all = await mailed(email, 'New login to your account');
    expect(all).toHaveLength(3);
    expect(decodedText(all[2]?.raw ?? '')).toContain('From: 198.51.100.20, Chrome 131 on Windows');

    // A wrong password signs nothing in and mails nothing.
    const wrong = await env.t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'Wr0ngPassword1' },
      remoteAddress: '192.0.2.99',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await mailed(email, 'New login to your account')).toHaveLength(3);
  });

  it('mails the owner when the password is changed', async () => {
    const email = await signedUp();
    await post(env.t, '/auth/password/forgot', { email });
    await env.t.app.ctx.mailIdle();
    const resetMail = env.smtp.received.filter(
      (m) => m.to.includes(email) && subjectOf(m.raw) === 'Reset your password',
    )[0];
    const otp = codeIn(resetMail?.raw ?? '');
    const verified = await post(env.t, '/auth/otp/validate', {
      email,
      otp,
      otp_for: 'password_reset',
    });
    const reset = await env.t.request({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { reset_token: verified.json().data.reset_token, password: 'N3wPassphrase!x' },
      remoteAddress: '198.51.100.4',
      headers: { 'user-agent': FIREFOX },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const notices = await mailed(email, 'Your password was changed');
    expect(notices).toHaveLength(1);
    const text = decodedText(notices[0]?.raw ?? '');
    expect(text).toContain('every session was logged out');
    expect(text).toContain('From: 198.51.100.4, Firefox 133 on Linux');
  });

  describe('money', () => {
    let tokens: { usdt: string };
    let admin: Member;
    beforeAll(async () => {
      tokens = await listTestTokens(env.t);
      admin = await member(env.t, { role: 'admin' });
    });

    async function credited(user: Member, amount: string): Promise<string> {
      const hash = txHash();
      const submitted = await authed(env.t, 'POST', '/transactions/deposit/verify', user.token, {
        network: 'ethereum',
        sender_address: '0x1111111111111111111111111111111111111111',
        transaction_hash: hash,
        amount,
        token_id: tokens.usdt,
      });
      const id = submitted.json().data._id as string;
      const confirmed = await authed(env.t, 'POST', `/admin/deposits/${id}/confirm`, admin.token);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return hash;
    }

    it('mails a credited deposit, and nothing for a claim still pending', async () => {
      const user = await member(env.t);
      await authed(env.t, 'POST', '/transactions/deposit/verify', user.token, {
        network: 'ethereum',
        sender_address: '0x1111111111111111111111111111111111111111',
        transaction_hash: txHash(),
        amount: '5',
        token_id: tokens.usdt,
      });
      expect(await mailed(user.email, 'Deposit credited')).toHaveLength(0);
      const hash = await credited(user, '250.5');
      const notices = await mailed(user.email, 'Deposit credited');
      expect(notices).toHaveLength(1);
      const text = decodedText(notices[0]?.raw ?? '');
      expect(text).toContain('A deposit of 250.5 USDT on ethereum was credited');
      expect(text).toContain(`Transaction: ${hash}`);
      expect(text).toMatch(/IST \(.* UTC\)/);
    });

    it('mails no grant (the demo seed and top-ups): only a deposit the user made', async () => {
      const user = await member(env.t);
      // The demo seed's path: a confirmed deposit from the faucet, moved to spot.
      await grantFunds(env.t.app.ctx.core, {
        userId: user.id,
        tokenId: tokens.usdt,
        amount: 1000n * ledgerOne,
        wallet: 'spot',
        senderAddress: '0x000000000000000000000000000000000000fa11',
      });
      const history = await authed(env.t, 'GET', '/wallets/deposit/history', user.token);
      expect(history.json()).toMatchObject({ total: 1, data: [{ status: 'confirmed' }] });
      expect(await mailed(user.email, 'Deposit credited')).toHaveLength(0);

      const hash = await credited(user, '20');
      const notices = await mailed(user.email, 'Deposit credited');
      expect(notices).toHaveLength(1);
      expect(decodedText(notices[0]?.raw ?? '')).toContain(`Transaction: ${hash}`);
    });

    it('mails a withdrawal when it is requested, and when it is approved or rejected', async () => {
      const user = await member(env.t);
      await credited(user, '100');
      const request = (amount: string) =>
        env.t.request({
          method: 'POST',
          url: '/api/v1/wallets/withdraw',
          headers: { authorization: `Bearer ${user.token}`, 'user-agent': CHROME },
          remoteAddress: '203.0.113.50',
          payload: { network: 'ethereum', address: PAYOUT, amount, token_id: tokens.usdt },
        });
      const first = await request('40');
      expect(first.statusCode, first.body).toBe(200);
      // A new address and no second factor: the mail asks to confirm it first (walk-4 W4-4).
      const requested = await mailed(user.email, 'Confirm your withdrawal');
      expect(requested).toHaveLength(1);
      const text = decodedText(requested[0]?.raw ?? '');
      expect(text).toContain(
        'A withdrawal of 40 USDT on ethereum was requested to an address this account has not withdrawn to before.',
      );
      expect(text).toContain(`To address: ${PAYOUT}`);
      expect(text).toContain('From: 203.0.113.50, Chrome 131 on Windows');
      const token = /withdraw\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
      const confirmed = await env.t.request({
        method: 'POST',
        url: '/api/v1/withdrawal-confirm',
        payload: { token },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      const payout = txHash();
      await authed(
        env.t,
        'POST',
        `/admin/withdrawals/${first.json().data._id}/approve`,
        admin.token,
        {
          tx_hash: payout,
        },
      );
      const sent = await mailed(user.email, 'Withdrawal sent');
      expect(sent).toHaveLength(1);
      expect(decodedText(sent[0]?.raw ?? '')).toContain(`Transaction: ${payout}`);

      const second = await request('10');
      await authed(
        env.t,
        'POST',
        `/admin/withdrawals/${second.json().data._id}/reject`,
        admin.token,
        {
          reason: 'Address under review',
        },
      );
      const rejected = await mailed(user.email, 'Withdrawal rejected');
      expect(rejected).toHaveLength(1);
      expect(decodedText(rejected[0]?.raw ?? '')).toContain('Reason: Address under review');
      // PAYOUT was withdrawn to: the second request is mailed as a plain request.
      expect(await mailed(user.email, 'Withdrawal requested')).toHaveLength(1);
    });
  });

  it('mails the owner when an admin locks the account, without the staff reason', async () => {
    const user = await member(env.t);
    const admin = await member(env.t, { role: 'admin' });
    const locked = await authed(env.t, 'POST', `/admin/users/${user.id}/lock`, admin.token, {
      reason: 'Internal: chargeback investigation',
    });
    expect(locked.statusCode, locked.body).toBe(200);
    const notices = await mailed(user.email, 'Your account was locked');
    expect(notices).toHaveLength(1);
    const text = decodedText(notices[0]?.raw ?? '');
    expect(text).toContain('While it is locked you cannot log in, trade or withdraw.');
    expect(text).toContain('It stays locked until support unlocks it.');
    expect(text).not.toContain('chargeback');
  });

  it("mails the owner the admin's identity decision, and the reason of a rejection (walk-3 D19)", async () => {
    const admin = await member(env.t, { role: 'admin' });
    const decide = async (verb: 'approve' | 'reject') => {
      const user = await member(env.t, { kyc: 'pending_identity' });
      // A filed request: as approvedIdentity leaves it, then set back to pending.
      await approvedIdentity(env.t, user.id, randomPan());
      const row = await env.t.database.db
        .updateTable('kyc_requests')
        .set({ status: 'pending', reviewed_at: null })
        .where('user_id', '=', user.id)
        .returning('id')
        .executeTakeFirstOrThrow();
      const body = verb === 'reject' ? { reason: 'The PAN image is blurred' } : undefined;
      const res = await authed(env.t, 'POST', `/admin/kyc/${row.id}/${verb}`, admin.token, body);
      expect(res.statusCode, res.body).toBe(200);
      return user.email;
    };
    const approved = await mailed(await decide('approve'), 'Identity verification approved');
    expect(approved).toHaveLength(1);
    expect(decodedText(approved[0]?.raw ?? '')).toContain(
      'deposits, withdrawals and trading are open to your account',
    );
    const rejected = await mailed(await decide('reject'), 'Identity verification rejected');
    expect(rejected).toHaveLength(1);
    expect(decodedText(rejected[0]?.raw ?? '')).toContain('Reason: The PAN image is blurred');
  });

  it('never fails the action when the notice cannot be sent', async () => {
    await env.smtp.close();
    const user = await member(env.t);
    const admin = await member(env.t, { role: 'admin' });
    const submitted = await authed(env.t, 'POST', '/transactions/deposit/verify', user.token, {
      network: 'ethereum',
      sender_address: '0x1111111111111111111111111111111111111111',
      transaction_hash: txHash(),
      amount: '1',
    });
    const id = submitted.json().data._id as string;
    const confirmed = await authed(env.t, 'POST', `/admin/deposits/${id}/confirm`, admin.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe('confirmed');
    await env.t.app.ctx.mailIdle();
    expect(env.smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(0);
  });
});
