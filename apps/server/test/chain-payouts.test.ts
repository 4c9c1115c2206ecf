import { randomBytes } from 'node:crypto';
import { REVIEW_MESSAGES as M } from '@exchange/contracts';
import {
  randomAccount,
  setTokenBalance,
  tokenBalance as balanceOf,
  type LocalChain,
} from '@exchange/test-chain';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGrant } from './support/payouts.js';
import { chainWithHotWallet } from './support/hot-wallet-chain.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { recheckPayouts } from '../src/modules/withdrawals/payout-watcher.js';
import { adminActionsOn } from './support/admin-actions.js';
import { BACKENDS, openTestDatabase } from './support/databases.js';
import { insertToken } from './support/listings.js';
import { authed, member, type Member } from './support/members.js';
import { requestWithdrawal } from './support/reviews.js';
import { appOnDatabase, type TestApp } from './support/test-app.js';

/**
 * Withdrawals paid from the hot wallet on a real chain (Hardhat in this process) through the real
 * API: confirmed → approved with its hash; reverted → refunded and rejected with the reason; a
 * payout survives a restart between signing and confirmation.
 */
const CONFIRMATIONS = 3;
const { key: HOT_KEY, address: HOT } = randomAccount();
const USDT = 10n ** 6n;

let chain: LocalChain;
let usdtContract: string;

beforeAll(async () => {
  ({ chain, usdtContract } = await chainWithHotWallet(HOT, 1_000n * USDT));
}, 60_000);

afterAll(async () => {
  await chain?.close();
});

const tokenBalance = (owner: string) => balanceOf(chain, usdtContract, owner);
const setHotBalance = (units: bigint) => setTokenBalance(chain, usdtContract, HOT, units);

const randomAddress = () => `0x${randomBytes(20).toString('hex')}`;

describe.each(BACKENDS)('hot-wallet payouts on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let t: TestApp;
  let usdt: string;
  let admin: Member;

  const env = {
    ETHEREUM_RPC_URL: '',
    ETHEREUM_CHAIN_ID: '31337',
    ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
    ETHEREUM_HOT_WALLET_KEY: HOT_KEY,
    // The tests run the checks themselves; the timers must not race them.
    PAYOUT_RECHECK_MS: String(60 * 60 * 1000),
    DEPOSIT_RECHECK_MS: String(60 * 60 * 1000),
  };

  beforeAll(async () => {
    env.ETHEREUM_RPC_URL = chain.url;
    database = await openTestDatabase(kind);
    t = await appOnDatabase(database, { env });
    usdt = await insertToken(t.database.db, {
      name: 'Tether USD',
      shortName: 'USDT',
      decimals: 6,
      networks: [{ network: 'ethereum', contractAddress: usdtContract, decimals: 6 }],
    });
    await t.app.ctx.core.tokens.reload();
    admin = await member(t, { role: 'admin' });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  async function userWithdrawing(amount: string, to = randomAddress()) {
    const user = await member(t);
    await demoGrant(t, user.id, usdt, 100n);
    return { user, id: await requestWithdrawal(t, user, amount, usdt, to), to };
  }

  const history = async (user: Member) =>
    (await authed(t, 'GET', '/wallets/withdraw/history', user.token)).json().data[0] as {
      status: string;
      tx_hash: string | null;
      reason: string | null;
    };

  async function funding(user: Member): Promise<[string, string]> {
    const res = await authed(t, 'GET', `/wallets?token_id=${usdt}`, user.token);
    const wallet = (
      res.json().data[0].balances as {
        wallet_type: string;
        amount: string;
        locked_balance: string;
      }[]
    ).find((b) => b.wallet_type === 'funding');
    return [wallet?.amount ?? '0', wallet?.locked_balance ?? '0'];
  }

  it('sends the transfer from the hot wallet and approves it once confirmed, with its hash', async () => {
    const { user, id, to } = await userWithdrawing('25');
    const approved = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {});
    expect(approved.json(), approved.body).toMatchObject({
      message: M.payoutSent,
      data: { status: 'pending', payout: 'hot_wallet', payout_sent: true },
    });
    const hash = approved.json().data.tx_hash as string;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await tokenBalance(to)).toBe(25n * USDT);

    // Mined, but short of the network's confirmations: still pending, still held.
    await recheckPayouts(t.app.ctx, t.app.log);
    expect(await history(user)).toMatchObject({ status: 'pending', tx_hash: hash });
    expect(await funding(user)).toEqual(['75', '25']);
    // Neither reject nor approve again while it is on its way.
    const reject = await authed(t, 'POST', `/admin/withdrawals/${id}/reject`, admin.token, {
      reason: 'late',
    });
    expect(reject.json()).toMatchObject({ status: 409, message: M.payoutInFlight });

    await chain.mine(CONFIRMATIONS - 1);
    await recheckPayouts(t.app.ctx, t.app.log);
    expect(await history(user)).toMatchObject({ status: 'approved', tx_hash: hash, reason: null });
    expect(await funding(user)).toEqual(['75', '0']);
    // The approval is recorded (awaiting the signer) before anything is signed.
    expect(await adminActionsOn(t, id)).toEqual([
      { admin_id: admin.id, action: 'withdrawal.approval_added' },
      { admin_id: admin.id, action: 'withdrawal.payout_sent' },
      { admin_id: admin.id, action: 'withdrawal.payout_confirmed' },
    ]);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it("sends nothing from the hot wallet without the admin's code, once their authenticator app is on", async () => {
    const stepped = await member(t, { role: 'admin' });
    const setup = await authed(t, 'POST', '/security/totp/setup', stepped.token);
    const { secret } = setup.json().data as { secret: string };
    const codeNow = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const enabled = await authed(t, 'POST', '/security/totp/enable', stepped.token, {
      code: await codeNow(),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    t.clock.advance(30_000);

    const { user, id, to } = await userWithdrawing('15');
    const url = `/admin/withdrawals/${id}/approve`;
    const hotBefore = await tokenBalance(HOT);
    for (const [body, code] of [
      [{}, 'SECOND_FACTOR_REQUIRED'],
      [{ two_factor_code: '123456' }, 'SECOND_FACTOR_INVALID'],
    ] as const) {
      const refused = await authed(t, 'POST', url, stepped.token, body);
      expect(refused.json()).toMatchObject({ code });
    }
    expect(await history(user)).toMatchObject({ status: 'pending', tx_hash: null });
    expect(await funding(user)).toEqual(['85', '15']);
    expect(await tokenBalance(HOT)).toBe(hotBefore);
    expect(await adminActionsOn(t, id)).toEqual([]);

    const sent = await authed(t, 'POST', url, stepped.token, { two_factor_code: await codeNow() });
    expect(sent.json(), sent.body).toMatchObject({
      message: M.payoutSent,
      data: { status: 'pending', payout_sent: true },
    });
    expect(await tokenBalance(to)).toBe(15n * USDT);
    await chain.mine(CONFIRMATIONS - 1);
    await recheckPayouts(t.app.ctx, t.app.log);
    expect(await history(user)).toMatchObject({ status: 'approved' });
  });

  it('refunds a payout that reverts on chain and rejects it with the reason the user sees', async () => {
    const { user, id, to } = await userWithdrawing('40');
    const before = await tokenBalance(HOT);
    await chain.request('evm_setAutomine', [false]);
    try {
      const approved = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {});
      expect(approved.json().data).toMatchObject({ status: 'pending', payout_sent: true });
      // The hot wallet is emptied before the transfer is mined: it reverts.
      await setHotBalance(0n);
      await chain.mine(CONFIRMATIONS);
    } finally {
      await chain.request('evm_setAutomine', [true]);
      await setHotBalance(before);
    }
    await recheckPayouts(t.app.ctx, t.app.log);
    expect(await history(user)).toMatchObject({ status: 'rejected', reason: M.payoutFailed });
    expect(await funding(user)).toEqual(['100', '0']);
    expect(await tokenBalance(to)).toBe(0n);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('leaves a payout whose nonce another transaction took to an admin, not to a refund (review N-L3)', async () => {
    const { user, id } = await userWithdrawing('30');
    await chain.request('evm_setAutomine', [false]);
    try {
      const approved = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {});
      const { tx_hash: hash, payout_sent: sent } = approved.json().data;
      expect(sent).toBe(true);
      // Another transaction of the hot wallet takes the payout's nonce (ours never mines).
      const nonce = await chain.request('eth_getTransactionCount', [HOT, 'pending']);
      await chain.request('hardhat_dropTransaction', [hash]);
      await chain.request('hardhat_impersonateAccount', [HOT]);
      await chain.request('eth_sendTransaction', [
        { from: HOT, to: HOT, value: '0x0', nonce: `0x${(Number(nonce) - 1).toString(16)}` },
      ]);
      await chain.mine(CONFIRMATIONS);
    } finally {
      await chain.request('hardhat_stopImpersonatingAccount', [HOT]);
      await chain.request('evm_setAutomine', [true]);
    }
    await recheckPayouts(t.app.ctx, t.app.log);
    // Still held: a lagging node must not refund a payout that was in fact mined.
    expect(await history(user)).toMatchObject({ status: 'pending' });
    expect(await funding(user)).toEqual(['70', '30']);
    const queue = await authed(t, 'GET', `/admin/withdrawals?search=${user.email}`, admin.token);
    expect(queue.json().data[0]).toMatchObject({ payout_sent: true, payout_questioned: true });
    // An admin who checked the chain refunds it.
    const other = await member(t, { role: 'admin' });
    const rejected = await authed(t, 'POST', `/admin/withdrawals/${id}/reject`, other.token, {
      reason: 'The payout was replaced on chain',
    });
    expect(rejected.json()).toMatchObject({ data: { status: 'rejected' } });
    expect(await funding(user)).toEqual(['100', '0']);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('refuses, changing nothing, a payout the hot wallet cannot make, and a hash typed by hand', async () => {
    const { user, id } = await userWithdrawing('60');
    const hash = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {
      tx_hash: `0x${'ab'.repeat(32)}`,
    });
    expect(hash.json()).toMatchObject({ status: 400, message: M.hotWalletPays });
    const before = await tokenBalance(HOT);
    await setHotBalance(10n * USDT);
    try {
      const res = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {});
      expect(res.json()).toMatchObject({ status: 409 });
      expect(res.json().message).toMatch(/^The hot wallet cannot pay this out: /);
    } finally {
      await setHotBalance(before);
    }
    const queue = await authed(t, 'GET', `/admin/withdrawals?search=${user.email}`, admin.token);
    expect(queue.json().data[0]).toMatchObject({
      status: 'pending',
      approvals: [],
      payout_sent: false,
    });
    expect(await funding(user)).toEqual(['40', '60']);
    // The approval that could not be paid is on the audit trail, and so is its withdrawal.
    const trail = await t.database.db
      .selectFrom('admin_actions')
      .select('action')
      .where('target_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(trail.map((a) => a.action)).toEqual([
      'withdrawal.approval_added',
      'withdrawal.approval_withdrawn',
    ]);
  });

  it('resumes a payout after a restart: sends the same transaction again and approves it', async () => {
    const { user, id, to } = await userWithdrawing('12.5');
    await chain.request('evm_setAutomine', [false]);
    let hash: string;
    try {
      const approved = await authed(t, 'POST', `/admin/withdrawals/${id}/approve`, admin.token, {});
      hash = approved.json().data.tx_hash as string;
      // The process stops before the node kept the transaction: it is lost from the mempool.
      await chain.request('hardhat_dropTransaction', [hash]);
    } finally {
      await chain.request('evm_setAutomine', [true]);
    }
    await t.app.close();
    t = await appOnDatabase(database, { env });
    await t.app.ctx.core.tokens.reload();

    await recheckPayouts(t.app.ctx, t.app.log);
    await chain.mine(CONFIRMATIONS);
    await recheckPayouts(t.app.ctx, t.app.log);
    expect(await history(user)).toMatchObject({ status: 'approved', tx_hash: hash });
    expect(await tokenBalance(to)).toBe(12_500_000n);
    expect(await funding(user)).toEqual(['87.5', '0']);
  });
});
