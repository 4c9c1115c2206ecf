import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnconfirmedWithdrawals } from '../../src/modules/withdrawals/service.js';
import { BACKENDS } from '../support/databases.js';
import { fund } from '../support/market.js';
import { authed, listTestTokens, member, sessionToken, type Member } from '../support/members.js';
import { confirmTokenOf } from '../support/reviews.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { enrolTotp, totpCodeAt } from '../support/two-factor.js';

const NEVER_SEEN = '0x5555555555555555555555555555555555555555';
const ANOTHER = '0x6666666666666666666666666666666666666666';

/**
 * Walk-4 W4-4: a user without a second factor withdrew crypto to a never-seen address with no
 * code, no mail confirmation and no delay. Now such a withdrawal is held, awaiting the owner's
 * confirmation through a single-use mailed link (30 minutes); only then does it go to review.
 */
describe.each(BACKENDS)('W4-4 new-address withdrawals without a second factor on %s', (kind) => {
  let t: TestApp;
  let usdt: string;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ usdt } = await listTestTokens(t));
    admin = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const withdraw = (user: Member, address: string, extra: Record<string, unknown> = {}) =>
    authed(t, 'POST', '/wallets/withdraw', user.token, {
      amount: '20',
      address,
      token_id: usdt,
      network: 'ethereum',
      ...extra,
    });
  const funding = async (user: Member) => {
    const res = await authed(t, 'GET', `/wallets?token_id=${usdt}`, user.token);
    const balances = res.json().data[0].balances as {
      wallet_type: string;
      amount: string;
      locked_balance: string;
    }[];
    const b = balances.find((x) => x.wallet_type === 'funding');
    return [b?.amount, b?.locked_balance];
  };
  const link = (method: 'GET' | 'POST', token: string) =>
    method === 'GET'
      ? t.request({ method, url: `/api/v1/withdrawal-confirm?token=${token}` })
      : t.request({ method, url: '/api/v1/withdrawal-confirm', payload: { token } });

  it('holds it until the mailed link confirms it, once; then it goes to review', async () => {
    const user = await member(t);
    await fund(t, user, usdt, '100', 'funding');
    const phishing = await authed(t, 'PUT' as 'POST', '/security/anti-phishing', user.token, {
      code: 'Lotus77',
    });
    expect(phishing.statusCode, phishing.body).toBe(200);

    const asked = await withdraw(user, NEVER_SEEN);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.status).toBe('awaiting_email_confirmation');
    expect(asked.json().message).toMatch(/^Check your email/);
    const id = asked.json().data._id as string;
    expect(await funding(user)).toEqual(['80', '20']);

    // The mail: the confirm and cancel links, and the anti-phishing code.
    const mail = t.outbox.list(user.email)[0];
    expect(mail?.subject).toBe('Confirm your withdrawal');
    expect(mail?.text).toContain('Nothing is sent until you confirm it');
    expect(mail?.text).toMatch(/withdraw\/cancel\?token=/);
    expect(mail?.html).toContain('Lotus77');
    const token = confirmTokenOf(t, user.email);
    // The link's secret is kept only as its hash.
    const stored = await t.database.db
      .selectFrom('withdrawal_confirm_links')
      .selectAll()
      .where('withdrawal_id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.user_id).toBe(user.id);

    // No admin can approve it meanwhile.
    const early = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {
      tx_hash: `0x${'ab'.repeat(32)}`,
    });
    expect(early.statusCode).toBe(409);

    // A wrong secret is refused; opening the link changes nothing; posting it confirms, once.
    expect((await link('POST', 'x'.repeat(43))).statusCode).toBe(400);
    const shown = await link('GET', token);
    expect(shown.json().data).toMatchObject({ _id: id, status: 'awaiting_email_confirmation' });
    const confirmed = await link('POST', token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ _id: id, status: 'pending' });
    const replay = await link('POST', token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/^This confirm link is not valid/);
    expect(await funding(user)).toEqual(['80', '20']);

    // The address is now one the user withdrew to: the next withdrawal there goes to review.
    const again = await withdraw(user, NEVER_SEEN.toUpperCase().replace('0X', '0x'));
    expect(again.json().data.status).toBe('pending');
  });

  it('cancels an unconfirmed one after 30 minutes, returning the hold, and refuses its late link', async () => {
    const user = await member(t);
    await fund(t, user, usdt, '100', 'funding');
    const asked = await withdraw(user, ANOTHER);
    expect(asked.json().data.status).toBe('awaiting_email_confirmation');
    const token = confirmTokenOf(t, user.email);
    t.clock.advance(29 * 60_000);
    expect(await expireUnconfirmedWithdrawals(t.app.ctx)).toBe(0);
    t.clock.advance(2 * 60_000);
    user.token = await sessionToken(t, user.id);
    expect((await link('POST', token)).statusCode).toBe(400);
    expect(await expireUnconfirmedWithdrawals(t.app.ctx)).toBe(1);
    expect(await funding(user)).toEqual(['100', '0']);
    const history = await authed(t, 'GET', '/wallets/withdraw/history', user.token);
    expect(history.json().data[0]).toMatchObject({
      status: 'cancelled',
      reason: expect.stringMatching(/^Not confirmed by email within 30 minutes/),
    });
    // Still a new address: the next withdrawal there waits for the mail again.
    expect((await withdraw(user, ANOTHER)).json().data.status).toBe('awaiting_email_confirmation');
  });

  it("refuses a cancelled withdrawal's link, and one user's link never confirms another's", async () => {
    const a = await member(t);
    const b = await member(t);
    await fund(t, a, usdt, '100', 'funding');
    await fund(t, b, usdt, '100', 'funding');
    const ofA = (await withdraw(a, NEVER_SEEN)).json().data._id as string;
    const ofB = (await withdraw(b, NEVER_SEEN)).json().data._id as string;
    const tokenA = confirmTokenOf(t, a.email);
    const cancelled = await authed(t, 'POST', `/wallets/withdraw/${ofA}/cancel`, a.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await link('POST', tokenA)).statusCode).toBe(400);
    expect(await funding(a)).toEqual(['100', '0']);
    // B's link confirms B's withdrawal only.
    const confirmedB = await link('POST', confirmTokenOf(t, b.email));
    expect(confirmedB.json().data._id).toBe(ofB);
    const history = await authed(t, 'GET', '/wallets/withdraw/history', a.token);
    expect(history.json().data[0]).toMatchObject({ _id: ofA, status: 'cancelled' });
  });

  it('asks a user with a second factor for the code only, as before', async () => {
    const user = await member(t);
    await fund(t, user, usdt, '100', 'funding');
    const { secret } = await enrolTotp(t, user.token);
    t.clock.advance(24 * 3_600_000 + 60_000);
    user.token = await sessionToken(t, user.id);
    const asked = await withdraw(user, ANOTHER, {
      two_factor_code: await totpCodeAt(t, secret),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.status).toBe('pending');
  });
});
