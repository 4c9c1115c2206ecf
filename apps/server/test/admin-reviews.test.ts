import { REVIEW_MESSAGES as M } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { adminActionsOn } from './support/admin-actions.js';
import { BACKENDS } from './support/databases.js';
import { authed, listTestTokens, member, type Member } from './support/members.js';
import { claimDeposit, PAYOUT, requestWithdrawal, SENDER, txHash } from './support/reviews.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The four-eyes rules of the review queues (review M4): nobody decides their own request, and
 * above the configured value (100 USDT here) two different admins must approve before money moves.
 */
describe.each(BACKENDS)('admin reviews on %s', (kind) => {
  let t: TestApp;
  let tokens: { usdt: string; eth: string };
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { WITHDRAWAL_SECOND_APPROVAL_USDT: '100', DEPOSIT_SECOND_APPROVAL_USDT: '100' },
    });
    tokens = await listTestTokens(t);
    alice = await member(t, { role: 'admin' });
    bob = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const claim = (user: Member, amount: string, token = tokens.usdt, hash = txHash()) =>
    claimDeposit(t, user, amount, token, hash);

  const decide = (admin: Member, url: string, body?: unknown) =>
    authed(t, 'POST', url, admin.token, body);

  async function funding(user: Member, token = tokens.usdt): Promise<[string, string]> {
    const res = await authed(t, 'GET', `/wallets?token_id=${token}`, user.token);
    const group = res.json().data[0] as {
      balances: { wallet_type: string; amount: string; locked_balance: string }[];
    };
    const wallet = group.balances.find((b) => b.wallet_type === 'funding');
    return [wallet?.amount ?? '0', wallet?.locked_balance ?? '0'];
  }

  /** A user with `amount` USDT confirmed in funding (below the threshold: one admin). */
  async function funded(amount: string): Promise<Member> {
    const user = await member(t);
    for (let left = Number(amount); left > 0; left -= 100) {
      const id = await claim(user, String(Math.min(100, left)));
      expect((await decide(alice, `/admin/deposits/${id}/confirm`)).statusCode).toBe(200);
    }
    return user;
  }

  const withdrawal = (user: Member, amount: string, token = tokens.usdt) =>
    requestWithdrawal(t, user, amount, token);

  it('refuses an admin deciding their own deposit or withdrawal, with a clear code', async () => {
    const id = await claim(alice, '20');
    for (const [url, body] of [
      [`/admin/deposits/${id}/confirm`, undefined],
      [`/admin/deposits/${id}/reject`, { reason: 'mine' }],
    ] as const) {
      const res = await decide(alice, url, body);
      expect(res.json()).toMatchObject({ status: 403, code: 'SELF_REVIEW', message: M.ownDeposit });
    }
    expect(await funding(alice)).toEqual(['0', '0']);
    expect((await decide(bob, `/admin/deposits/${id}/confirm`)).json()).toMatchObject({
      message: M.depositConfirmed,
      data: { status: 'confirmed', approvals: [{ admin: { _id: bob.id, email: bob.email } }] },
    });

    const w = await withdrawal(alice, '5');
    for (const [url, body] of [
      [`/admin/withdrawals/${w}/approve`, { tx_hash: txHash() }],
      [`/admin/withdrawals/${w}/reject`, { reason: 'mine' }],
    ] as const) {
      const res = await decide(alice, url, body);
      expect(res.json()).toMatchObject({
        status: 403,
        code: 'SELF_REVIEW',
        message: M.ownWithdrawal,
      });
    }
    expect(await funding(alice)).toEqual(['15', '5']);
  });

  it('credits a deposit above the threshold only at the second, different admin', async () => {
    const user = await member(t);
    const id = await claim(user, '150');
    const first = await decide(alice, `/admin/deposits/${id}/confirm`);
    expect(first.json()).toMatchObject({
      message: M.approvalRecorded,
      data: {
        status: 'pending',
        approvals_required: 2,
        value_usdt: '150',
        approvals: [{ admin: { _id: alice.id, email: alice.email } }],
      },
    });
    expect(await funding(user)).toEqual(['0', '0']);
    const again = await decide(alice, `/admin/deposits/${id}/confirm`);
    expect(again.json()).toMatchObject({
      status: 409,
      code: 'SECOND_ADMIN_REQUIRED',
      message: M.secondAdmin,
    });
    const queue = await authed(
      t,
      'GET',
      `/admin/deposits?search=${encodeURIComponent(user.email)}`,
      bob.token,
    );
    expect(queue.json().data[0]).toMatchObject({
      _id: id,
      approvals: [{ admin: { _id: alice.id } }],
    });
    const second = await decide(bob, `/admin/deposits/${id}/confirm`);
    expect(second.json()).toMatchObject({
      message: M.depositConfirmed,
      data: {
        status: 'confirmed',
        approvals: [{ admin: { _id: alice.id } }, { admin: { _id: bob.id } }],
      },
    });
    expect(await funding(user)).toEqual(['150', '0']);
    expect(await adminActionsOn(t, id)).toEqual([
      { admin_id: alice.id, action: 'deposit.approval_added' },
      { admin_id: bob.id, action: 'deposit.confirmed' },
    ]);
  });

  it('pays a withdrawal above the threshold only at the second admin, with the payout hash', async () => {
    const user = await funded('200');
    const id = await withdrawal(user, '150');
    expect(await funding(user)).toEqual(['50', '150']);
    const first = await decide(alice, `/admin/withdrawals/${id}/approve`, {});
    expect(first.json()).toMatchObject({
      message: M.approvalRecorded,
      data: { status: 'pending', approvals_required: 2, payout: 'manual', payout_sent: false },
    });
    expect(
      (await decide(alice, `/admin/withdrawals/${id}/approve`, { tx_hash: txHash() })).json(),
    ).toMatchObject({ status: 409, code: 'SECOND_ADMIN_REQUIRED' });
    // The last approval needs the hash of the payout made elsewhere; without it nothing changes.
    const noHash = await decide(bob, `/admin/withdrawals/${id}/approve`, {});
    expect(noHash.json()).toMatchObject({
      status: 400,
      message: M.txHashRequired,
      data: { errors: { tx_hash: M.txHashRequired } },
    });
    const hash = txHash();
    const paid = await decide(bob, `/admin/withdrawals/${id}/approve`, { tx_hash: hash });
    expect(paid.json()).toMatchObject({
      message: M.withdrawalApproved,
      data: {
        status: 'approved',
        tx_hash: hash,
        approvals: [{ admin: { _id: alice.id } }, { admin: { _id: bob.id } }],
      },
    });
    expect(await funding(user)).toEqual(['50', '0']);

    // At or below the threshold one admin is enough.
    const small = await withdrawal(user, '50');
    expect(
      (await decide(alice, `/admin/withdrawals/${small}/approve`, { tx_hash: txHash() })).json(),
    ).toMatchObject({ data: { status: 'approved', approvals_required: 1 } });
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('needs two admins for a coin without a traded USDT pair, its value unknown', async () => {
    const user = await member(t);
    const id = await claim(user, '0.5', tokens.eth);
    const first = await decide(alice, `/admin/deposits/${id}/confirm`);
    expect(first.json()).toMatchObject({
      data: { status: 'pending', approvals_required: 2, value_usdt: null },
    });
  });

  it('returns the funds of a rejected withdrawal with the reason the user sees', async () => {
    const user = await funded('30');
    const id = await withdrawal(user, '30');
    const res = await decide(bob, `/admin/withdrawals/${id}/reject`, { reason: 'Address flagged' });
    expect(res.json()).toMatchObject({ data: { status: 'rejected', reason: 'Address flagged' } });
    expect(await funding(user)).toEqual(['30', '0']);
    const history = await authed(t, 'GET', '/wallets/withdraw/history', user.token);
    expect(history.json().data[0]).toMatchObject({ status: 'rejected', reason: 'Address flagged' });
  });

  it('filters the queues by status, searches them by email, hash or address, and pages them', async () => {
    const user = await member(t);
    const hashes = [txHash(), txHash(), txHash()];
    const ids = [];
    for (const hash of hashes) ids.push(await claim(user, '1', tokens.usdt, hash));
    await decide(alice, `/admin/deposits/${ids[0]}/reject`, { reason: 'not ours' });
    const list = (query: string) =>
      authed(t, 'GET', `/admin/deposits?${query}`, bob.token).then((r) => r.json());

    const pending = await list(
      `status=pending&search=${encodeURIComponent(user.email)}&page_size=1&page=2`,
    );
    expect(pending).toMatchObject({ total: 2, data: [{ _id: ids[2] }] });
    const byHash = await list(`search=${hashes[1]!.toUpperCase().replace('0X', '0x')}`);
    expect(byHash).toMatchObject({
      total: 1,
      data: [{ _id: ids[1], user: { email: user.email } }],
    });
    expect(await list(`search=${SENDER}&status=rejected`)).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ _id: ids[0] })]),
    });
    expect(await list('search=nobody-at-all')).toMatchObject({ total: 0, data: [] });
    const bad = await authed(t, 'GET', '/admin/deposits?status=lost', bob.token);
    expect(bad.statusCode).toBe(400);

    const funder = await funded('10');
    const w = await withdrawal(funder, '4');
    const byAddress = await authed(
      t,
      'GET',
      `/admin/withdrawals?status=pending&search=${PAYOUT}`,
      bob.token,
    );
    expect(byAddress.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: w })]),
    );
    const byEmail = await authed(
      t,
      'GET',
      `/admin/withdrawals?search=${encodeURIComponent(funder.email)}`,
      bob.token,
    );
    expect(byEmail.json()).toMatchObject({
      total: 1,
      data: [{ _id: w, approvals: [], approvals_required: 1 }],
    });
  });
});
