import { AML_MESSAGES } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openCase } from '../src/modules/aml/repository.js';
import { createKey, type TestKey } from './support/api-keys.js';
import { signedParams } from './support/binance-signed.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, sessionToken, type Member } from './support/members.js';
import { PAYOUT } from './support/reviews.js';
import { payoutsOpen, verifiedBankAccount } from './support/rupee.js';
import { enrolTotp, totpCodeAt } from './support/two-factor.js';

const DAY_MS = 86_400_000;

/**
 * Issue 52: an admin pauses a user's withdrawals from an AML case. The attacker's tests: a paused
 * user's withdrawal through the web (crypto and rupees) and through Binance's
 * `capital/withdraw/apply` is refused and nothing is held; requests sent while the pause is being
 * written either finished before it was acknowledged or are refused; none passes after.
 */
describe.each(BACKENDS)('withdrawal pause on %s', (kind) => {
  const { t, ids } = useMarketApp(kind, { env: { SECURITY_HOLD_HOURS: '0.0002' } });
  let admin: Member;
  let inr: string;

  beforeAll(async () => {
    admin = await member(t, { role: 'admin' });
    inr = t.app.ctx.core.tokens.get('INR').id;
  });

  async function caseOf(user: Member) {
    // The clock moves by days here: a fresh session for the admin.
    admin.token = await sessionToken(t, admin.id);
    const hit = { rule: 'pass_through', risk: 'high' as const, userIds: [user.id] };
    await openCase(
      t.database.db,
      { ...hit, summary: 'in and out', facts: {} },
      user.id,
      t.clock.now(),
    );
    const list = await authed(t, 'GET', '/admin/aml/cases?page_size=100', admin.token);
    return (list.json().data as { _id: string; subject: string }[]).find(
      (c) => c.subject === user.id,
    )!._id;
  }
  const setPause = (caseId: string, user: Member, pause: boolean) =>
    authed(
      t,
      'POST',
      `/admin/aml/cases/${caseId}/${pause ? 'pause' : 'resume'}-withdrawals`,
      admin.token,
      {
        user_id: user.id,
        reason: 'Structuring under review',
      },
    );
  const webWithdraw = (user: Member, amount: string) =>
    authed(t, 'POST', '/wallets/withdraw', user.token, {
      amount,
      address: PAYOUT,
      token_id: ids.usdt,
      network: 'ethereum',
    });
  const funding = async (user: Member, tokenId: string) => {
    const res = await authed(t, 'GET', `/balances/${tokenId}?wallet_type=funding`, user.token);
    const { amount, locked_balance } = res.json().data as Record<string, string>;
    return [amount, locked_balance];
  };
  const withdrawalCount = async (userId: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a paused user on the web, in rupees and through Binance, holding nothing', async () => {
    const user = await member(t, { pan: true, name: ['Rahul', 'Sharma'] });
    await fund(t, user, ids.usdt, '100', 'funding');
    await fund(t, user, inr, '5000', 'funding');
    const account = await verifiedBankAccount(t, user, admin, {
      holder: 'Rahul Sharma',
      number: `9${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    });
    await payoutsOpen(t, user, account);
    const { secret } = await enrolTotp(t, user.token);
    t.clock.advance(DAY_MS);
    user.token = await sessionToken(t, user.id);
    t.clock.advance(30_000);
    const key: TestKey = await createKey(t, user, {
      scopes: ['read', 'withdraw'],
      two_factor_code: await totpCodeAt(t, secret),
    });
    const apply = () =>
      t.request({
        method: 'POST',
        url: '/sapi/v1/capital/withdraw/apply',
        headers: {
          'x-mbx-apikey': key.apiKey,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: signedParams(
          key,
          `coin=USDT&network=ETH&address=${PAYOUT}&amount=5&timestamp=${t.clock.now().getTime()}`,
        ),
      });

    const caseId = await caseOf(user);
    expect((await authed(t, 'GET', '/withdrawal-pause', user.token)).json().data).toEqual({
      paused: false,
    });
    const paused = await setPause(caseId, user, true);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data.frozen_user_ids).toEqual([user.id]);
    expect((await setPause(caseId, user, true)).statusCode).toBe(409);
    expect((await authed(t, 'GET', '/withdrawal-pause', user.token)).json().data).toEqual({
      paused: true,
    });

    const web = await webWithdraw(user, '10');
    expect(web.statusCode).toBe(403);
    expect(web.json()).toMatchObject({
      code: 'WITHDRAWALS_PAUSED',
      message: AML_MESSAGES.withdrawalsPaused,
    });
    expect(web.body).not.toContain('Structuring');
    const rupees = await authed(t, 'POST', '/inr/withdraw', user.token, {
      bank_account_id: account,
      amount: '1000',
    });
    expect(rupees.json()).toMatchObject({ status: 403, code: 'WITHDRAWALS_PAUSED' });
    const binance = await apply();
    expect(binance.json()).toEqual({
      code: -4015,
      msg: `Withdraw is limited. ${AML_MESSAGES.withdrawalsPaused}`,
    });
    expect(await funding(user, ids.usdt)).toEqual(['100', '0']);
    expect(await funding(user, inr)).toEqual(['5000', '0']);
    expect(await withdrawalCount(user.id)).toBe(0);

    const resumed = await setPause(caseId, user, false);
    expect(resumed.json().data.frozen_user_ids).toEqual([]);
    expect((await apply()).statusCode).toBe(200);
    expect(await funding(user, ids.usdt)).toEqual(['95', '5']);
    const actions = await t.database.db
      .selectFrom('admin_actions')
      .select('action')
      .where('target_id', '=', caseId)
      .orderBy('created_at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'user.withdrawals_paused',
      'user.withdrawals_resumed',
    ]);

    // The withdrawal asked for while it was not paused is not paid while a pause lasts.
    const asked = await t.database.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect((await setPause(caseId, user, true)).statusCode).toBe(200);
    const approval = await authed(
      t,
      'POST',
      `/admin/withdrawals/${asked.id}/approve`,
      admin.token,
      {
        tx_hash: `0x${'ab'.repeat(32)}`,
      },
    );
    expect(approval.statusCode).toBe(409);
    expect(approval.json().message).toBe(AML_MESSAGES.approvalPaused);
    expect(await funding(user, ids.usdt)).toEqual(['95', '5']);
    expect((await setPause(caseId, user, false)).statusCode).toBe(200);
  });

  it('lets no request sent around the pause pass after the pause is acknowledged', async () => {
    const user = await member(t, { pan: true });
    await fund(t, user, ids.usdt, '1000', 'funding');
    const caseId = await caseOf(user);
    // A slow disk: each batch that writes a withdrawal takes 0.8 s to commit, so requests that
    // passed their checks are still waiting for their commit while the pause is written.
    const sequencer = t.app.ctx.core.sequencer as unknown as {
      options: { persist: (work: { withdrawals: Map<string, unknown> }) => Promise<void> };
    };
    const persist = sequencer.options.persist;
    let committing = () => {};
    const firstCommit = new Promise<void>((resolve) => (committing = resolve));
    sequencer.options.persist = async (work) => {
      if (work.withdrawals.size > 0) {
        committing();
        await new Promise((r) => setTimeout(r, 800));
      }
      return persist(work);
    };
    const before = Array.from({ length: 4 }, () => webWithdraw(user, '10'));
    // The admin pauses while the first request, its checks passed, waits for its commit.
    await firstCommit;
    const pause = setPause(caseId, user, true);
    const during = Array.from({ length: 4 }, () => webWithdraw(user, '10'));
    expect((await pause).statusCode).toBe(200);
    const acknowledged = await withdrawalCount(user.id);
    const after = await Promise.all(Array.from({ length: 2 }, () => webWithdraw(user, '10')));
    const answers = [...(await Promise.all([...before, ...during])), ...after];
    sequencer.options.persist = persist;
    // Nothing was added once the pause answered: what was in flight finished before it.
    expect(await withdrawalCount(user.id)).toBe(acknowledged);
    expect(acknowledged).toBeGreaterThan(0);
    for (const res of after) expect(res.json()).toMatchObject({ code: 'WITHDRAWALS_PAUSED' });
    const held = answers.filter((r) => r.statusCode === 200).length;
    expect(held).toBe(acknowledged);
    expect(await funding(user, ids.usdt)).toEqual([String(1000 - 10 * held), String(10 * held)]);
  });
  it('leaves a paused account out of the rupee payout file until the pause is lifted', async () => {
    const user = await member(t, { pan: true, name: ['Rahul', 'Sharma'] });
    await fund(t, user, inr, '5000', 'funding');
    const account = await verifiedBankAccount(t, user, admin, {
      holder: 'Rahul Sharma',
      number: `9${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    });
    await payoutsOpen(t, user, account);
    const asked = await authed(t, 'POST', '/inr/withdraw', user.token, {
      bank_account_id: account,
      amount: '1000',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().data._id as string;
    const caseId = await caseOf(user);
    const approved = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {});
    expect(approved.json().data, approved.body).toMatchObject({ status: 'processing' });
    const payoutFile = async () =>
      (await authed(t, 'GET', '/admin/bank-transfers/payout-file', admin.token)).body;
    expect((await setPause(caseId, user, true)).statusCode).toBe(200);
    expect(await payoutFile()).not.toContain(id);
    expect(await funding(user, inr)).toEqual(['4000', '1000']);
    expect((await setPause(caseId, user, false)).statusCode).toBe(200);
    expect(await payoutFile()).toContain(id);
  });
});
