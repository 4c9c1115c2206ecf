import { REVIEW_MESSAGES as M, TWO_FACTOR_MESSAGES as F } from '@exchange/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { adminActionsOn } from './support/admin-actions.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { authed, listTestTokens, member, type Member } from './support/members.js';
import { claimDeposit, requestWithdrawal, txHash } from './support/reviews.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const STEP_MS = 30_000;

/**
 * Admin decisions that move money (review M3) are stepped up as a user's withdrawal is: an admin
 * with an authenticator app must send its code to confirm a deposit or approve a withdrawal
 * (payout hash included), and is refused with the withdrawal's code and message otherwise; an
 * admin with passkeys only, a passkey's answer; an admin with neither decides as before.
 */
describe.each(BACKENDS)('step-up of admin money decisions on %s', (kind) => {
  let t: TestApp;
  let usdt: string;
  /** An admin with the authenticator app on, and its secret. */
  let alice: Member;
  let secret: string;
  /** An admin with no second factor. */
  let bob: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ usdt } = await listTestTokens(t));
    alice = await member(t, { role: 'admin' });
    bob = await member(t, { role: 'admin' });
    const setup = await authed(t, 'POST', '/security/totp/setup', alice.token);
    ({ secret } = setup.json().data as { secret: string });
    const enabled = await authed(t, 'POST', '/security/totp/enable', alice.token, {
      code: await nextCode(),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });
  afterAll(() => t.close());

  /** A code of the next time step (each step's code is accepted once). */
  async function nextCode() {
    t.clock.advance(STEP_MS);
    return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  }

  const decide = (admin: Member, url: string, body?: unknown) =>
    authed(t, 'POST', url, admin.token, body);

  const claim = (user: Member, amount: string) => claimDeposit(t, user, amount, usdt);

  const withdrawal = (user: Member, amount: string) => requestWithdrawal(t, user, amount, usdt);

  async function funding(user: Member): Promise<[string, string]> {
    const res = await authed(t, 'GET', `/wallets?token_id=${usdt}`, user.token);
    const group = res.json().data[0] as {
      balances: { wallet_type: string; amount: string; locked_balance: string }[];
    };
    const wallet = group.balances.find((b) => b.wallet_type === 'funding');
    return [wallet?.amount ?? '0', wallet?.locked_balance ?? '0'];
  }

  const status = async (queue: 'deposits' | 'withdrawals', id: string) => {
    const list = await authed(t, 'GET', `/admin/${queue}?page_size=100`, bob.token);
    const row = (list.json().data as { _id: string; status: string; approvals: unknown[] }[]).find(
      (r) => r._id === id,
    );
    return { status: row?.status, approvals: row?.approvals.length };
  };

  const REQUIRED = {
    status: 403,
    code: 'SECOND_FACTOR_REQUIRED',
    message: F.codeRequiredForAction,
  };

  it('rejects a deposit or a withdrawal only with the admin’s code, as it approves (review N-L2)', async () => {
    const user = await member(t);
    await fund(t, user, usdt, '10', 'funding');
    const deposit = await claim(user, '5');
    const payout = await withdrawal(user, '10');
    for (const [queue, id] of [
      ['deposits', deposit],
      ['withdrawals', payout],
    ] as const) {
      const url = `/admin/${queue}/${id}/reject`;
      expect((await decide(alice, url, { reason: 'Not ours' })).json()).toMatchObject(REQUIRED);
      expect(await status(queue, id)).toMatchObject({ status: 'pending' });
      const done = await decide(alice, url, {
        reason: 'Not ours',
        two_factor_code: await nextCode(),
      });
      expect(done.json()).toMatchObject({ data: { status: 'rejected', reason: 'Not ours' } });
    }
    expect(await funding(user)).toEqual(['10', '0']);
    // An admin with no second factor rejects as before.
    const other = await claim(user, '6');
    const plain = await decide(bob, `/admin/deposits/${other}/reject`, { reason: 'Duplicate' });
    expect(plain.json()).toMatchObject({ data: { status: 'rejected' } });
  });

  it('confirms a deposit only with the admin’s code: none or a wrong one changes nothing', async () => {
    const user = await member(t);
    const id = await claim(user, '20');
    const url = `/admin/deposits/${id}/confirm`;

    expect((await decide(alice, url)).json()).toMatchObject(REQUIRED);
    expect((await decide(alice, url, {})).json()).toMatchObject(REQUIRED);
    const wrong = await decide(alice, url, { two_factor_code: '000000' });
    expect(wrong.json()).toMatchObject({
      status: 400,
      code: 'SECOND_FACTOR_INVALID',
      message: `${F.codeInvalid}. 4 tries left`,
    });
    const malformed = await decide(alice, url, { two_factor_code: '12' });
    expect(malformed.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await funding(user)).toEqual(['0', '0']);
    expect(await status('deposits', id)).toEqual({ status: 'pending', approvals: 0 });
    expect(await adminActionsOn(t, id)).toEqual([]);

    const right = await decide(alice, url, { two_factor_code: await nextCode() });
    expect(right.json()).toMatchObject({
      message: M.depositConfirmed,
      data: { status: 'confirmed', approvals: [{ admin: { _id: alice.id } }] },
    });
    expect(await funding(user)).toEqual(['20', '0']);
    expect(await adminActionsOn(t, id)).toEqual([
      { admin_id: alice.id, action: 'deposit.confirmed' },
    ]);
  });

  it('approves a withdrawal with its payout hash only with the admin’s code, each code once', async () => {
    const user = await member(t);
    await fund(t, user, usdt, '50', 'funding');
    const id = await withdrawal(user, '30');
    const url = `/admin/withdrawals/${id}/approve`;
    const hash = txHash();

    expect((await decide(alice, url, { tx_hash: hash })).json()).toMatchObject(REQUIRED);
    const wrong = await decide(alice, url, { tx_hash: hash, two_factor_code: '111111' });
    expect(wrong.json()).toMatchObject({ status: 400, code: 'SECOND_FACTOR_INVALID' });
    expect(await funding(user)).toEqual(['20', '30']);
    expect(await status('withdrawals', id)).toEqual({ status: 'pending', approvals: 0 });
    expect(await adminActionsOn(t, id)).toEqual([]);

    const code = await nextCode();
    const paid = await decide(alice, url, { tx_hash: hash, two_factor_code: code });
    expect(paid.json()).toMatchObject({
      message: M.withdrawalApproved,
      data: { status: 'approved', tx_hash: hash, approvals: [{ admin: { _id: alice.id } }] },
    });
    expect(await funding(user)).toEqual(['20', '0']);

    // The same code does not approve a second payout.
    const next = await withdrawal(user, '5');
    const replay = await decide(alice, `/admin/withdrawals/${next}/approve`, {
      tx_hash: txHash(),
      two_factor_code: code,
    });
    expect(replay.json()).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      message: expect.stringContaining(F.codeUsed),
    });
    expect(await funding(user)).toEqual(['15', '5']);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('does not spend the code on a decision refused anyway (the admin’s own deposit)', async () => {
    const own = await claim(alice, '3');
    const code = await nextCode();
    const refused = await decide(alice, `/admin/deposits/${own}/confirm`, {
      two_factor_code: code,
    });
    expect(refused.json()).toMatchObject({ status: 403, code: 'SELF_REVIEW' });
    const user = await member(t);
    const id = await claim(user, '4');
    const ok = await decide(alice, `/admin/deposits/${id}/confirm`, { two_factor_code: code });
    expect(ok.json()).toMatchObject({ data: { status: 'confirmed' } });
  });

  it('lets an admin without a second factor decide as before, and asks one with passkeys for a passkey', async () => {
    const user = await member(t);
    await fund(t, user, usdt, '10', 'funding');
    const id = await claim(user, '7');
    expect((await decide(bob, `/admin/deposits/${id}/confirm`)).json()).toMatchObject({
      data: { status: 'confirmed' },
    });
    const w = await withdrawal(user, '2');
    const paid = await decide(bob, `/admin/withdrawals/${w}/approve`, { tx_hash: txHash() });
    expect(paid.json()).toMatchObject({ data: { status: 'approved' } });

    const carol = await member(t, { role: 'admin' });
    await t.database.db
      .insertInto('passkeys')
      .values({
        user_id: carol.id,
        credential_id: `cred-${carol.id}`,
        public_key: 'AQID',
        counter: 0,
        name: 'Laptop',
        created_at: t.clock.now(),
      })
      .execute();
    const next = await claim(user, '8');
    const refused = await decide(carol, `/admin/deposits/${next}/confirm`, {});
    expect(refused.json()).toMatchObject({
      status: 403,
      code: 'SECOND_FACTOR_REQUIRED',
      message: F.passkeyRequiredForAction,
    });
    const forged = await decide(carol, `/admin/deposits/${next}/confirm`, {
      passkey_response: { id: `cred-${carol.id}`, response: {} },
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(await status('deposits', next)).toEqual({ status: 'pending', approvals: 0 });
  });

  it('documents the step-up fields of both decisions in the OpenAPI description', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const bodyOf = (path: string) =>
      doc.paths[path].post.requestBody.content['application/json'].schema.properties;
    expect(Object.keys(bodyOf('/api/v1/admin/deposits/{id}/confirm'))).toEqual([
      'two_factor_code',
      'passkey_response',
    ]);
    expect(Object.keys(bodyOf('/api/v1/admin/withdrawals/{id}/approve'))).toEqual([
      'two_factor_code',
      'passkey_response',
      'tx_hash',
    ]);
  });
});
