import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { authed, listTestTokens, member, sessionToken, type Member } from './support/members.js';
import { confirmByMail, PAYOUT, txHash } from './support/reviews.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const OTHER = '0x3333333333333333333333333333333333333333';
const HOUR_MS = 3_600_000;

describe.each(BACKENDS)('withdrawals users control on %s', (kind) => {
  let t: TestApp;
  let usdt: string;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WITHDRAWAL_DAILY_LIMIT_USDT_VERIFIED: '100' } });
    ({ usdt } = await listTestTokens(t));
    admin = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  /** Moves the clock on; sessions expire meanwhile, so the admin's and `users`' are renewed. */
  async function later(ms: number, ...users: Member[]) {
    t.clock.advance(ms);
    for (const m of [admin, ...users]) m.token = await sessionToken(t, m.id);
  }

  /**
   * A withdrawal to PAYOUT (or `extra.address`). One that waits for the mail's link (a new address
   * and no second factor, walk-4 W4-4) is confirmed with it, as its owner would, and answered as
   * confirmed.
   */
  async function withdraw(user: Member, amount: string, extra: Record<string, unknown> = {}) {
    const res = await authed(t, 'POST', '/wallets/withdraw', user.token, {
      network: 'ethereum',
      address: PAYOUT,
      amount,
      token_id: usdt,
      ...extra,
    });
    if (res.statusCode !== 200 || res.json().data.status !== 'awaiting_email_confirmation')
      return res;
    const confirmed = await confirmByMail(t, user.email);
    const body = { ...res.json(), data: { ...res.json().data, status: confirmed.status } };
    return { statusCode: 200, body: JSON.stringify(body), json: () => body };
  }

  async function funded(amount = '1000') {
    const user = await member(t);
    await fund(t, user, usdt, amount, 'funding');
    return user;
  }

  const funding = async (user: Member) => {
    const res = await authed(t, 'GET', `/wallets?token_id=${usdt}`, user.token);
    const group = res.json().data[0] as {
      balances: { wallet_type: string; amount: string; locked_balance: string }[];
    };
    const b = group.balances.find((x) => x.wallet_type === 'funding');
    return [b?.amount, b?.locked_balance];
  };

  const setFee = (fee: string, minimum: string, network = 'ethereum') =>
    authed(
      t,
      'PUT' as 'POST',
      `/admin/markets/tokens/${usdt}/networks/${network}/withdrawal-fee`,
      admin.token,
      { fee, minimum },
    );

  /** What the ledger moved for a withdrawal, by account kind (system name or 'user'). */
  async function ledgerOf(withdrawalId: string) {
    return t.database.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
      .innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id')
      .select([
        'ledger_transactions.kind',
        'accounts.system',
        'ledger_entries.bucket',
        'ledger_entries.amount',
      ])
      .where('ledger_transactions.reference', '=', withdrawalId)
      .execute();
  }

  it('charges the fee exactly once, when paid out, and returns the whole hold when refused', async () => {
    expect((await setFee('1', '0.5')).json()).toMatchObject({
      status: 400,
      data: { errors: { minimum: 'The minimum must be above the fee (or 0 for none)' } },
    });
    expect((await setFee('0.0000001', '5')).statusCode).toBe(400);
    const set = await setFee('1.5', '5');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.networks).toContainEqual(
      expect.objectContaining({ network: 'ethereum', withdraw_fee: '1.5', withdraw_min: '5' }),
    );
    const user = await funded('100');
    // Shown before submitting: the wallets list each network's fee and minimum.
    const wallets = await authed(t, 'GET', `/wallets?token_id=${usdt}`, user.token);
    expect(wallets.json().data[0].networks).toContainEqual({
      network: 'ethereum',
      decimals: 6,
      withdraw_fee: '1.5',
      withdraw_min: '5',
    });

    const small = await withdraw(user, '4.99');
    expect(small.json()).toMatchObject({
      status: 400,
      data: { errors: { amount: 'The minimum withdrawal is 5 USDT' } },
    });
    expect(await funding(user)).toEqual(['100', '0']);

    const paid = await withdraw(user, '10');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ amount: '10', fee: '1.5', status: 'pending' });
    const id = paid.json().data._id as string;
    expect(await funding(user)).toEqual(['90', '10']);
    // A fee change after the request leaves it as it was asked.
    expect((await setFee('2', '5')).statusCode).toBe(200);

    const refused = await withdraw(user, '20');
    const refusedId = refused.json().data._id as string;
    const rejected = await authed(
      t,
      'POST',
      `/admin/withdrawals/${refusedId}/reject`,
      admin.token,
      {
        reason: 'Test',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await funding(user)).toEqual(['90', '10']);
    const refusedLedger = await ledgerOf(refusedId);
    expect(refusedLedger.filter((e) => e.system === 'fees')).toEqual([]);

    const approved = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {
      tx_hash: txHash(),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', fee: '1.5' });
    expect(await funding(user)).toEqual(['90', '0']);
    const entries = await ledgerOf(id);
    const fees = entries.filter((e) => e.system === 'fees');
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ kind: 'withdrawal_paid', amount: '1500000000000000000' });
    expect(entries.filter((e) => e.system === 'withdrawals')).toEqual([
      expect.objectContaining({ kind: 'withdrawal_paid', amount: '8500000000000000000' }),
    ]);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
    expect((await setFee('0', '0')).statusCode).toBe(200);
  });

  it('refuses unsaved addresses with the whitelist on, and a saved one for its first 24 hours', async () => {
    const user = await funded('100');
    const on = await authed(t, 'PUT' as 'POST', '/withdraw-addresses/whitelist', user.token, {
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ whitelist: true, addresses: [] });

    const unsaved = await withdraw(user, '10');
    expect(unsaved.json()).toMatchObject({
      status: 403,
      message: 'Whitelist is on: withdraw only to an address saved in your address book',
    });
    const saved = await authed(t, 'POST', '/withdraw-addresses', user.token, {
      label: 'My Ledger',
      network: 'ethereum',
      address: PAYOUT,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await authed(t, 'POST', '/withdraw-addresses', user.token, {
      label: 'Twice',
      network: 'ethereum',
      address: PAYOUT.toUpperCase().replace('0X', '0x'),
    });
    expect(again.statusCode).toBe(409);

    const tooNew = await withdraw(user, '10');
    expect(tooNew.statusCode).toBe(403);
    expect(tooNew.json().message).toMatch(
      /^This address was added less than 24 hours ago: it can be used from .+ IST/,
    );
    // Saved for another network only: still not listed for this one.
    await authed(t, 'POST', '/withdraw-addresses', user.token, {
      label: 'BSC',
      network: 'bsc',
      address: OTHER,
    });
    await later(24 * HOUR_MS + 1000, user);
    expect((await withdraw(user, '10', { address: OTHER })).statusCode).toBe(403);
    const allowed = await withdraw(user, '10');
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await funding(user)).toEqual(['90', '10']);

    // Removing the address closes it again; turning the whitelist off opens every address.
    const book = await authed(t, 'GET', '/withdraw-addresses', user.token);
    const entry = (book.json().data.addresses as { _id: string; network: string }[]).find(
      (a) => a.network === 'ethereum',
    );
    const removed = await authed(t, 'DELETE', `/withdraw-addresses/${entry?._id}`, user.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await withdraw(user, '10')).statusCode).toBe(403);
    await authed(t, 'PUT' as 'POST', '/withdraw-addresses/whitelist', user.token, {
      enabled: false,
    });
    // Turning it off starts the cooling-off (review N4-M2): withdrawals wait 24 h.
    expect((await withdraw(user, '10')).json()).toMatchObject({ code: 'WITHDRAWALS_HELD' });
    await later(24 * HOUR_MS + 1000, user);
    expect((await withdraw(user, '10')).statusCode).toBe(200);
  });

  it('changes the address book, the whitelist and the anti-phishing code only with the second factor', async () => {
    const user = await funded('10');
    const setup = await authed(t, 'POST', '/security/totp/setup', user.token);
    const { secret } = setup.json().data as { secret: string };
    const code = (steps = 0) =>
      generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + steps * 30 });
    expect(
      (await authed(t, 'POST', '/security/totp/enable', user.token, { code: await code() }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(30_000);

    const calls: [string, string, Record<string, unknown>][] = [
      ['POST', '/withdraw-addresses', { label: 'Cold', network: 'ethereum', address: PAYOUT }],
      ['PUT', '/withdraw-addresses/whitelist', { enabled: true }],
      ['PUT', '/security/anti-phishing', { code: 'Tiger42' }],
    ];
    for (const [method, url, body] of calls) {
      const bare = await authed(t, method as 'POST', url, user.token, body);
      expect(bare.json(), url).toMatchObject({ status: 403, code: 'SECOND_FACTOR_REQUIRED' });
    }
    const book = await authed(t, 'GET', '/withdraw-addresses', user.token);
    expect(book.json().data).toEqual({ whitelist: false, addresses: [] });
    for (const [method, url, body] of calls) {
      const stepped = await authed(t, method as 'POST', url, user.token, {
        ...body,
        two_factor_code: await code(),
      });
      expect(stepped.statusCode, stepped.body).toBe(200);
      t.clock.advance(30_000);
    }
    const after = await authed(t, 'GET', '/withdraw-addresses', user.token);
    expect(after.json().data).toMatchObject({ whitelist: true, addresses: [{ label: 'Cold' }] });
  });

  it('keeps each user within the daily limit across several withdrawals, cancelled and refused ones aside', async () => {
    const user = await funded('1000');
    const limits = async () =>
      (await authed(t, 'GET', '/wallets/withdraw/limits', user.token)).json().data;
    expect(await limits()).toEqual({
      level: 'verified',
      daily_limit_usdt: '100',
      used_usdt: '0',
      left_usdt: '100',
    });
    const first = await withdraw(user, '40');
    const second = await withdraw(user, '40');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const over = await withdraw(user, '30');
    expect(over.json()).toMatchObject({
      status: 400,
      message: 'Over your daily withdrawal limit of 100 USDT: you can withdraw 20 USDT more today',
    });
    expect(await funding(user)).toEqual(['920', '80']);
    expect(await limits()).toMatchObject({ used_usdt: '80', left_usdt: '20' });

    // A cancelled and a refused withdrawal give their share back.
    const cancelled = await authed(
      t,
      'POST',
      `/wallets/withdraw/${first.json().data._id}/cancel`,
      user.token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await authed(t, 'POST', `/admin/withdrawals/${second.json().data._id}/reject`, admin.token, {
      reason: 'Test',
    });
    expect(await limits()).toMatchObject({ used_usdt: '0', left_usdt: '100' });

    // Several at once: the limit lets exactly as many through as it covers.
    const burst = await Promise.all(Array.from({ length: 6 }, () => withdraw(user, '30')));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(await limits()).toMatchObject({ used_usdt: '90', left_usdt: '10' });
    expect((await withdraw(user, '10.000001')).statusCode).toBe(400);
    expect((await withdraw(user, '10')).statusCode).toBe(200);

    // A day later the limit is whole again; another user's limit was never touched.
    await later(24 * HOUR_MS + 1000, user);
    expect(await limits()).toMatchObject({ used_usdt: '0', left_usdt: '100' });
    const other = await funded('100');
    expect((await withdraw(other, '100')).statusCode).toBe(200);
  });

  it('lets a cancel racing an approval end exactly one way', async () => {
    const user = await funded('1000');
    // The cancel leaves a little later each round, so it lands before, during and after the
    // approval's own checks: the single writer takes whichever comes first and refuses the other.
    for (const delay of [0, 1, 2, 4, 8, 16, 32, 64]) {
      const id = (await withdraw(user, '5')).json().data._id as string;
      const approve = authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {
        tx_hash: txHash(),
      });
      const cancel = new Promise((r) => setTimeout(r, delay)).then(() =>
        authed(t, 'POST', `/wallets/withdraw/${id}/cancel`, user.token),
      );
      const [c, a] = await Promise.all([cancel, approve]);
      expect(
        [c?.statusCode, a?.statusCode].filter((s) => s === 200),
        `${c?.body} ${a?.body}`,
      ).toHaveLength(1);
      const record = await t.database.db
        .selectFrom('withdrawals')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(record.status).toBe(c?.statusCode === 200 ? 'cancelled' : 'approved');
      const kinds = (await ledgerOf(id)).map((e) => e.kind);
      expect(kinds.includes('withdrawal_release')).toBe(record.status === 'cancelled');
      expect(kinds.includes('withdrawal_paid')).toBe(record.status === 'approved');
    }
    const [available, locked] = await funding(user);
    expect(locked).toBe('0');
    expect(Number(available)).toBeLessThanOrEqual(1000);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('refuses to cancel what an admin acted on, or another user’s withdrawal', async () => {
    const user = await funded('100');
    const stranger = await member(t);
    const id = (await withdraw(user, '5')).json().data._id as string;
    const theirs = await authed(t, 'POST', `/wallets/withdraw/${id}/cancel`, stranger.token);
    expect(theirs.statusCode).toBe(404);
    await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, { tx_hash: txHash() });
    const late = await authed(t, 'POST', `/wallets/withdraw/${id}/cancel`, user.token);
    expect(late.statusCode).toBe(404);
    expect(await funding(user)).toEqual(['95', '0']);
  });

  it("cancels with the mail's link: opening it changes nothing, it works once and expires", async () => {
    const user = await funded('101');
    // PAYOUT, withdrawn to and paid before: the request's mail is the plain one with its cancel link.
    const earlier = (await withdraw(user, '1')).json().data._id as string;
    const paid = await authed(t, 'POST', `/admin/withdrawals/${earlier}/approve`, admin.token, {
      tx_hash: txHash(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const id = (await withdraw(user, '7')).json().data._id as string;
    await t.app.ctx.mailIdle();
    const mail = t.outbox.list(user.email).find((m) => m.subject === 'Withdrawal requested');
    const token = /\/withdraw\/cancel\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(mail?.html).toMatch(
      new RegExp(
        `<a href="[^"]+/withdraw/cancel\\?token=${token}"[^>]*>Cancel this withdrawal</a>`,
      ),
    );

    const shown = await t.request({
      method: 'GET',
      url: `/api/v1/withdrawal-cancel?token=${token}`,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({ _id: id, status: 'pending', amount: '7' });
    expect(await funding(user)).toEqual(['93', '7']);

    const wrong = await t.request({
      method: 'POST',
      url: '/api/v1/withdrawal-cancel',
      payload: { token: `${token}x` },
    });
    expect(wrong.statusCode).toBe(400);
    const post = () =>
      t.request({ method: 'POST', url: '/api/v1/withdrawal-cancel', payload: { token } });
    const [one, two] = await Promise.all([post(), post()]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 400]);
    expect(await funding(user)).toEqual(['100', '0']);
    await t.app.ctx.mailIdle();
    expect(t.outbox.list(user.email)[0]?.subject).toBe('Withdrawal cancelled');

    // A link past its 24 hours cancels nothing.
    const second = (await withdraw(user, '8')).json().data._id as string;
    await t.app.ctx.mailIdle();
    const laterMail = t.outbox.list(user.email).find((m) => m.subject === 'Withdrawal requested');
    const laterToken = /token=([A-Za-z0-9_-]+)/.exec(laterMail?.text ?? '')?.[1];
    await later(24 * HOUR_MS + 1000, user);
    const expired = await t.request({
      method: 'POST',
      url: '/api/v1/withdrawal-cancel',
      payload: { token: laterToken },
    });
    expect(expired.json()).toMatchObject({
      status: 400,
      message: 'This cancel link is not valid: it was used, it expired, or it is wrong',
    });
    const status = await t.database.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('pending');
  });

  it('shows the anti-phishing code at the top of every mail, once set', async () => {
    const user = await funded('100');
    const bad = await authed(t, 'PUT' as 'POST', '/security/anti-phishing', user.token, {
      code: 'ab',
    });
    expect(bad.json()).toMatchObject({
      status: 400,
      data: { errors: { code: 'Use 4 to 20 letters or digits' } },
    });
    const set = await authed(t, 'PUT' as 'POST', '/security/anti-phishing', user.token, {
      code: 'Tiger42',
    });
    expect(set.statusCode, set.body).toBe(200);
    const profile = await authed(t, 'GET', '/users', user.token);
    expect(profile.json().data.anti_phishing_code).toBe('Tiger42');

    await withdraw(user, '5');
    await t.app.ctx.mailIdle();
    const mails = t.outbox.list(user.email);
    // A new address and no second factor: the mail asks to confirm it (walk-4 W4-4).
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your withdrawal',
      'Anti-phishing code changed',
    ]);
    for (const m of mails) {
      expect(m.text.startsWith('Your anti-phishing code: Tiger42\n\n')).toBe(true);
      expect(m.html).toContain('>Your anti-phishing code: Tiger42</p><h2');
    }
    // Another user's mail shows no code.
    const other = await funded('100');
    await withdraw(other, '5');
    await t.app.ctx.mailIdle();
    expect(t.outbox.list(other.email)[0]?.text).not.toContain('anti-phishing');

    await authed(t, 'PUT' as 'POST', '/security/anti-phishing', user.token, { code: '' });
    await t.app.ctx.mailIdle();
    const removed = t.outbox.list(user.email)[0];
    expect(removed?.subject).toBe('Anti-phishing code removed');
    expect(removed?.text).not.toContain('Your anti-phishing code');
  });
});
