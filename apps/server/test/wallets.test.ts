import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS } from './support/databases.js';
import { authed, listTestTokens, member, type Member } from './support/members.js';
import { confirmByMail } from './support/reviews.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const txHash = () => `0x${randomBytes(32).toString('hex')}`;
const SENDER = '0x1111111111111111111111111111111111111111';
const PAYOUT = '0x2222222222222222222222222222222222222222';

describe.each(BACKENDS)('wallets, deposits and withdrawals on %s', (kind) => {
  let t: TestApp;
  let tokens: { usdt: string; eth: string };
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(kind);
    tokens = await listTestTokens(t);
    admin = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  /** Submits a deposit and has the admin confirm it. */
  async function funded(user: Member, amount: string, token = tokens.usdt) {
    const submitted = await authed(t, 'POST', '/transactions/deposit/verify', user.token, {
      network: 'ethereum',
      sender_address: SENDER,
      transaction_hash: txHash(),
      amount,
      token_id: token,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const id = submitted.json().data._id as string;
    const confirmed = await authed(t, 'POST', `/admin/deposits/${id}/confirm`, admin.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return id;
  }

  const balances = async (user: Member, token = tokens.usdt) => {
    const res = await authed(t, 'GET', `/wallets?token_id=${token}`, user.token);
    const group = res.json().data[0] as {
      balances: { wallet_type: string; amount: string; locked_balance: string }[];
    };
    return Object.fromEntries(
      group.balances.map((b) => [b.wallet_type, [b.amount, b.locked_balance]]),
    );
  };

  it('lists deposit and withdrawal history by the time it shows, the last change first (walk-3 D8)', async () => {
    const user = await member(t);
    const claim = async (amount: string) => {
      const res = await authed(t, 'POST', '/transactions/deposit/verify', user.token, {
        network: 'ethereum',
        sender_address: SENDER,
        transaction_hash: txHash(),
        amount,
        token_id: tokens.usdt,
      });
      return res.json().data._id as string;
    };
    const [first, second] = [await claim('11'), await claim('12')];
    await claim('13');
    for (const id of [first, second])
      await authed(t, 'POST', `/admin/deposits/${id}/confirm`, admin.token);
    const deposits = (await authed(t, 'GET', '/wallets/deposit/history', user.token)).json()
      .data as { amount: string; updated_at: string }[];
    expect(deposits.map((d) => d.amount)).toEqual(['12', '11', '13']);
    const times = deposits.map((d) => Date.parse(d.updated_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const withdraw = async (amount: string) =>
      (
        await authed(t, 'POST', '/wallets/withdraw', user.token, {
          network: 'ethereum',
          address: PAYOUT,
          amount,
          token_id: tokens.usdt,
        })
      ).json().data._id as string;
    const early = await withdraw('1');
    await withdraw('2');
    await authed(t, 'POST', `/admin/withdrawals/${early}/reject`, admin.token, { reason: 'Test' });
    const withdrawals = (await authed(t, 'GET', '/wallets/withdraw/history', user.token)).json()
      .data as { amount: string }[];
    expect(withdrawals.map((w) => w.amount)).toEqual(['1', '2']);
  });

  it("names each coin's networks and their precision, as listed, so the forms offer only those", async () => {
    const user = await member(t);
    const listed = (await authed(t, 'GET', '/admin/markets', admin.token)).json().data.tokens as {
      _id: string;
      networks: { network: string; decimals: number }[];
    }[];
    const groups = (await authed(t, 'GET', '/wallets', user.token)).json().data as {
      token_id: string;
      networks: { network: string; decimals: number }[];
    }[];
    expect(groups.length).toBe(listed.length);
    for (const group of groups) {
      const token = listed.find((l) => l._id === group.token_id);
      const expected = token?.networks.map(({ network, decimals }) => ({ network, decimals }));
      expect(group.networks.map(({ network, decimals }) => ({ network, decimals }))).toEqual(
        expected,
      );
      // Each with what a withdrawal on it costs and needs (issue 35), as the form shows.
      for (const n of group.networks)
        expect(n).toMatchObject({
          withdraw_fee: expect.any(String),
          withdraw_min: expect.any(String),
        });
    }
    expect(groups.find((g) => g.token_id === tokens.usdt)?.networks.length).toBeGreaterThan(0);
  });

  it('walks a deposit, a transfer and a withdrawal through to an audit that passes', async () => {
    const user = await member(t);
    const pending = await authed(t, 'POST', '/transactions/deposit/verify', user.token, {
      network: 'ethereum',
      sender_address: SENDER,
      transaction_hash: txHash(),
      amount: '250.5',
    });
    expect(pending.json()).toMatchObject({
      success: true,
      message: 'Deposit submitted; it will be credited once confirmed',
      data: { status: 'pending', amount: '250.5' },
    });
    expect(await balances(user)).toEqual({ spot: ['0', '0'], funding: ['0', '0'] });

    const queue = await authed(t, 'GET', '/admin/deposits?status=pending', admin.token);
    expect(queue.json().data.map((d: { _id: string }) => d._id)).toContain(pending.json().data._id);
    await authed(t, 'POST', `/admin/deposits/${pending.json().data._id}/confirm`, admin.token);
    expect(await balances(user)).toEqual({ spot: ['0', '0'], funding: ['250.5', '0'] });

    const history = await authed(t, 'GET', '/wallets/deposit/history', user.token);
    expect(history.json()).toMatchObject({
      total: 1,
      data: [{ network: 'ethereum', amount: '250.5', status: 'confirmed' }],
    });

    const moved = await authed(t, 'POST', '/wallets/transfer', user.token, {
      from_wallet: 'funding',
      to_wallet: 'spot',
      amount: 100,
      token_id: tokens.usdt,
    });
    expect(moved.json()).toMatchObject({
      success: true,
      status: 200,
      message: 'Transfer successful',
    });
    expect(await balances(user)).toEqual({ spot: ['100', '0'], funding: ['150.5', '0'] });

    const withdrawal = await authed(t, 'POST', '/wallets/withdraw', user.token, {
      network: 'ethereum',
      address: PAYOUT,
      amount: '50.25',
      token_id: tokens.usdt,
    });
    // No second factor and an address never withdrawn to: held until the mail confirms it (W4-4).
    expect(withdrawal.json()).toMatchObject({
      success: true,
      data: {
        status: 'awaiting_email_confirmation',
        message: expect.stringMatching(/^Check your email/),
      },
    });
    expect(await balances(user)).toEqual({ spot: ['100', '0'], funding: ['100.25', '50.25'] });
    expect(await confirmByMail(t, user.email)).toMatchObject({ status: 'pending' });
    const listed = await authed(t, 'GET', '/wallets/withdraw/history', user.token);
    expect(listed.json()).toMatchObject({
      total: 1,
      data: [{ amount: '50.25', status: 'pending', tx_hash: null }],
    });

    const rejected = await authed(
      t,
      'POST',
      `/admin/withdrawals/${withdrawal.json().data._id}/reject`,
      admin.token,
      { reason: 'Address on a sanctions list' },
    );
    expect(rejected.json()).toMatchObject({
      data: { status: 'rejected', reason: 'Address on a sanctions list' },
    });
    expect(await balances(user)).toEqual({ spot: ['100', '0'], funding: ['150.5', '0'] });

    const second = await authed(t, 'POST', '/wallets/withdraw', user.token, {
      network: 'ethereum',
      address: PAYOUT,
      amount: 150.5,
      token_id: 'USDT',
    });
    // The first to PAYOUT was rejected: the address is still new, the mail confirms again.
    expect(second.json().data.status).toBe('awaiting_email_confirmation');
    await confirmByMail(t, user.email);
    const paidHash = txHash();
    const approved = await authed(
      t,
      'POST',
      `/admin/withdrawals/${second.json().data._id}/approve`,
      admin.token,
      { tx_hash: paidHash },
    );
    expect(approved.json()).toMatchObject({ data: { status: 'approved', tx_hash: paidHash } });
    expect(await balances(user)).toEqual({ spot: ['100', '0'], funding: ['0', '0'] });

    const audit = await auditLedger(t.database.db);
    expect(audit.violations).toEqual([]);
    const actions = await t.database.db
      .selectFrom('admin_actions')
      .selectAll()
      .where('admin_id', '=', admin.id)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['deposit.confirmed', 'withdrawal.rejected', 'withdrawal.approved']),
    );
  });

  it.each([
    [
      { sender_address: SENDER, transaction_hash: '0x' + 'a'.repeat(64), amount: 1 },
      'network',
      'Network is required',
    ],
    [
      { network: 'ethereum', transaction_hash: '0x' + 'a'.repeat(64), amount: 1 },
      'sender_address',
      'Sender address is required',
    ],
    [
      { network: 'ethereum', sender_address: SENDER, amount: 1 },
      'transaction_hash',
      'Transaction hash is required',
    ],
    [
      { network: 'ethereum', sender_address: SENDER, transaction_hash: '0x' + 'a'.repeat(64) },
      'amount',
      'Amount is required',
    ],
    [
      {
        network: 'ethereum',
        sender_address: SENDER,
        transaction_hash: '0x' + 'a'.repeat(64),
        amount: 'ten',
      },
      'amount',
      'Amount must be a number',
    ],
    [
      {
        network: 'ethereum',
        sender_address: SENDER,
        transaction_hash: '0x' + 'a'.repeat(64),
        amount: 0,
      },
      'amount',
      'Amount must be greater than 0',
    ],
  ])('refuses a deposit form %o with "%s: %s"', async (payload, field, message) => {
    const user = await member(t);
    const res = await authed(t, 'POST', '/transactions/deposit/verify', user.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message,
      data: { errors: { [field]: message } },
    });
  });

  it.each([
    [{ amount: 1, token_id: 'x' }, 'Network is required'],
    [{ network: 'bsc', amount: 1, token_id: 'x' }, 'Token address is required'],
    [
      { network: 'bsc', address: PAYOUT, amount: -3, token_id: 'x' },
      'Amount must be greater than 0',
    ],
  ])('refuses a withdraw form %o with "%s"', async (payload, message) => {
    const user = await member(t);
    const res = await authed(t, 'POST', '/wallets/withdraw', user.token, payload);
    expect(res.json()).toMatchObject({ status: 400, message });
  });

  it('refuses a transfer to the same wallet and one beyond the available balance, changing nothing', async () => {
    const user = await member(t);
    await funded(user, '10');
    const same = await authed(t, 'POST', '/wallets/transfer', user.token, {
      from_wallet: 'spot',
      to_wallet: 'spot',
      amount: 1,
      token_id: tokens.usdt,
    });
    expect(same.json()).toMatchObject({ status: 400, message: 'From and To must differ' });
    const tooMuch = await authed(t, 'POST', '/wallets/transfer', user.token, {
      from_wallet: 'funding',
      to_wallet: 'spot',
      amount: '10.5',
      token_id: tokens.usdt,
    });
    expect(tooMuch.json()).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_BALANCE',
      message: 'Amount cannot exceed 10',
    });
    const tooPrecise = await authed(t, 'POST', '/wallets/transfer', user.token, {
      from_wallet: 'funding',
      to_wallet: 'spot',
      amount: '0.0000001',
      token_id: tokens.usdt,
    });
    expect(tooPrecise.json()).toMatchObject({
      status: 400,
      message: 'Amount allows at most 6 decimal places',
    });
    expect(await balances(user)).toEqual({ spot: ['0', '0'], funding: ['10', '0'] });
  });

  it('needs approved identity verification for deposits and withdrawals, not for transfers (D18)', async () => {
    const user = await member(t, { kyc: 'none' });
    const deposit = await authed(t, 'POST', '/transactions/deposit/verify', user.token, {
      network: 'ethereum',
      sender_address: SENDER,
      transaction_hash: txHash(),
      amount: 1,
    });
    expect(deposit.json()).toMatchObject({
      status: 403,
      code: 'KYC_REQUIRED',
      message: 'Complete identity verification to unlock deposit and trading permissions',
    });
    const withdrawal = await authed(t, 'POST', '/wallets/withdraw', user.token, {
      network: 'ethereum',
      address: PAYOUT,
      amount: 1,
      token_id: tokens.usdt,
    });
    expect(withdrawal.json()).toMatchObject({ status: 403, code: 'KYC_REQUIRED' });
    const transfer = await authed(t, 'POST', '/wallets/transfer', user.token, {
      from_wallet: 'funding',
      to_wallet: 'spot',
      amount: 1,
      token_id: tokens.usdt,
    });
    expect(transfer.json()).toMatchObject({ status: 400, code: 'INSUFFICIENT_BALANCE' });
  });

  it('lets no user read or act on another user’s wallets, deposits or withdrawals', async () => {
    const a = await member(t);
    const b = await member(t);
    await funded(a, '20');
    const w = await authed(t, 'POST', '/wallets/withdraw', a.token, {
      network: 'ethereum',
      address: PAYOUT,
      amount: 5,
      token_id: tokens.usdt,
    });
    expect((await authed(t, 'GET', '/wallets/deposit/history', b.token)).json()).toMatchObject({
      total: 0,
      data: [],
    });
    expect((await authed(t, 'GET', '/wallets/withdraw/history', b.token)).json()).toMatchObject({
      total: 0,
      data: [],
    });
    expect(await balances(b)).toEqual({ spot: ['0', '0'], funding: ['0', '0'] });
    for (const url of [`/admin/withdrawals/${w.json().data._id}/reject`, '/admin/deposits']) {
      const res = await authed(
        t,
        url.endsWith('reject') ? 'POST' : 'GET',
        url,
        b.token,
        url.endsWith('reject') ? { reason: 'x' } : undefined,
      );
      expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect(await balances(a)).toEqual({ spot: ['0', '0'], funding: ['15', '5'] });
    const addressA = (await authed(t, 'GET', '/wallets/deposit?network=bsc', a.token)).json().data
      .address;
    const addressB = (await authed(t, 'GET', '/deposit-wallets', b.token)).json().data.address;
    expect(addressA).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(addressB).not.toBe(addressA);
    expect(
      (await authed(t, 'GET', '/wallets/deposit?network=bsc', a.token)).json().data.address,
    ).toBe(addressA);
  });

  it('credits one transaction hash once when two users submit it 50 times at once', async () => {
    const [a, b] = [await member(t), await member(t)];
    const hash = txHash();
    const claims = Array.from({ length: 50 }, (_, i) =>
      authed(t, 'POST', '/transactions/deposit/verify', (i % 2 ? a : b).token, {
        network: 'ethereum',
        sender_address: SENDER,
        transaction_hash: hash,
        amount: 7,
      }),
    );
    const results = await Promise.all(claims);
    const accepted = results.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json()).toMatchObject({
        status: 409,
        code: 'CONFLICT',
        message: 'This transaction has already been submitted',
      });
    }
    const id = accepted[0]!.json().data._id as string;
    const confirms = await Promise.all(
      [1, 2, 3].map(() => authed(t, 'POST', `/admin/deposits/${id}/confirm`, admin.token)),
    );
    expect(confirms.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    const credited = await t.database.db
      .selectFrom('deposits')
      .select('id')
      .where('tx_hash', '=', hash)
      .where('status', '=', 'confirmed')
      .execute();
    expect(credited).toHaveLength(1);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('lets exactly one of 200 concurrent transfers, and of 1,000 withdrawals, spend a balance that covers one', async () => {
    const user = await member(t);
    await funded(user, '3');
    const transfers = await Promise.all(
      Array.from({ length: 200 }, () =>
        authed(t, 'POST', '/wallets/transfer', user.token, {
          from_wallet: 'funding',
          to_wallet: 'spot',
          amount: 2,
          token_id: tokens.usdt,
        }),
      ),
    );
    expect(transfers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      new Set(transfers.filter((r) => r.statusCode !== 200).map((r) => r.json().message)),
    ).toEqual(new Set(['Amount cannot exceed 1']));

    await authed(t, 'POST', '/wallets/transfer', user.token, {
      from_wallet: 'spot',
      to_wallet: 'funding',
      amount: 2,
      token_id: tokens.usdt,
    });
    const withdrawals = await Promise.all(
      Array.from({ length: 1000 }, () =>
        authed(t, 'POST', '/wallets/withdraw', user.token, {
          network: 'ethereum',
          address: PAYOUT,
          amount: 2,
          token_id: tokens.usdt,
        }),
      ),
    );
    expect(withdrawals.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of withdrawals.filter((x) => x.statusCode !== 200)) {
      expect(r.json()).toMatchObject({
        status: 400,
        code: 'INSUFFICIENT_BALANCE',
        message: 'Insufficient balance',
      });
    }
    expect(await balances(user)).toEqual({ spot: ['0', '0'], funding: ['1', '2'] });
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
    // A thousand requests one user at a time, on a loaded machine.
  }, 120_000);

  it('refuses a transaction hash already claimed on another network', async () => {
    const user = await member(t);
    const hash = txHash();
    const claim = (network: string) =>
      authed(t, 'POST', '/transactions/deposit/verify', user.token, {
        network,
        sender_address: SENDER,
        transaction_hash: hash,
        amount: 4,
      });
    expect((await claim('ethereum')).statusCode).toBe(200);
    expect((await claim('bsc')).json()).toMatchObject({
      status: 409,
      message: 'This transaction has already been submitted',
    });
  });

  it('refuses payouts to the zero address, a bad checksum, a token contract or an address of this exchange', async () => {
    const user = await member(t);
    const other = await member(t);
    await funded(user, '10');
    const internal = (
      await authed(t, 'GET', '/wallets/deposit?network=ethereum', other.token)
    ).json().data.address as string;
    const withdraw = (address: string) =>
      authed(t, 'POST', '/wallets/withdraw', user.token, {
        network: 'ethereum',
        address,
        amount: 1,
        token_id: tokens.usdt,
      });
    const cases: [string, string][] = [
      [
        '0x0000000000000000000000000000000000000000',
        'Withdrawals to the zero address are not allowed',
      ],
      // EIP-55's own example address with one letter's case flipped.
      [
        '0x52908400098527886E0F7030069857D2E4169Ee7',
        'The address checksum does not match: check the address',
      ],
      [
        '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        'This is a token contract, not a wallet address',
      ],
      [internal, 'This is a deposit address of this exchange: withdraw to an external address'],
    ];
    for (const [address, message] of cases) {
      const res = await withdraw(address);
      expect(res.json(), address).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        message,
        data: { errors: { address: message } },
      });
    }
    expect(await balances(user)).toMatchObject({ funding: ['10', '0'] });
    // A correct EIP-55 address, and the same address in lower case, are accepted.
    const valid = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect((await withdraw(valid)).statusCode).toBe(200);
    expect((await withdraw(valid.toLowerCase())).statusCode).toBe(200);
  });
});
