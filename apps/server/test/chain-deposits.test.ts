import {
  compileTestToken,
  deployTestToken,
  sendToken,
  startLocalChain,
  type LocalChain,
} from '@exchange/test-chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { recheckPendingDeposits } from '../src/modules/deposits/watcher.js';
import { insertToken } from './support/listings.js';
import type { DbKind } from '../src/db/connect.js';
import { BACKENDS } from './support/databases.js';
import { authed, member, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Deposits verified on a real chain through the real API: one in-process Hardhat node and one
 * compile of the test ERC-20 for the whole file, one app per database backend.
 */
const CONFIRMATIONS = 3;
const ETH = 10n ** 18n;

let chain: LocalChain;
/** Listed as USDT (6 decimals). */
let usdtContract: string;
/** Deployed but never listed. */
let unlistedContract: string;
let sender: string;
let stranger: string;
/** Never receives tokens, so its token transfers revert. */
let broke: string;

beforeAll(async () => {
  const bytecode = await compileTestToken();
  chain = await startLocalChain();
  [sender, stranger, broke] = chain.accounts as [string, string, string];
  usdtContract = await deployTestToken(chain, bytecode, sender, 6, 10n ** 30n);
  unlistedContract = await deployTestToken(chain, bytecode, sender, 18, 10n ** 30n);
}, 60_000);

afterAll(async () => {
  await chain?.close();
});

/** Sends, then mines until the transaction has the required confirmations. */
async function sendConfirmed(contract: string, to: string, units: bigint): Promise<string> {
  const hash = await sendToken(chain, contract, sender, to, units);
  await chain.mine(CONFIRMATIONS - 1);
  return hash;
}

/** An app verifying deposits on the local chain, with its USDT contract listed. */
async function appOnLocalChain(kind: DbKind, env: Record<string, string>) {
  const t = await createTestApp(kind, {
    env: {
      ETHEREUM_RPC_URL: chain.url,
      ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
      // The tests drive the recheck themselves; the timer must not race them.
      DEPOSIT_RECHECK_MS: String(60 * 60 * 1000),
      ...env,
    },
  });
  const usdt = await insertToken(t.database.db, {
    name: 'Tether USD',
    shortName: 'USDT',
    decimals: 6,
    networks: [{ network: 'ethereum', contractAddress: usdtContract, decimals: 6 }],
  });
  return { t, usdt };
}

describe.each(BACKENDS)('on-chain deposits through the API on %s', (kind) => {
  let t: TestApp;
  let usdt: string;
  let eth: string;

  beforeAll(async () => {
    ({ t, usdt } = await appOnLocalChain(kind, { ETHEREUM_CHAIN_ID: String(chain.chainId) }));
    eth = await insertToken(t.database.db, {
      name: 'Ethereum',
      shortName: 'ETH',
      decimals: 8,
      networks: [{ network: 'ethereum', contractAddress: null, decimals: 18 }],
    });
    await t.app.ctx.core.tokens.reload();
  }, 30_000);

  afterAll(() => t.close());

  async function depositAddress(user: Member): Promise<string> {
    const res = await authed(t, 'GET', '/wallets/deposit?network=ethereum', user.token);
    expect(res.statusCode, res.body).toBe(200);
    const { address } = res.json().data as { address: string };
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    return address;
  }

  const submit = (
    user: Member,
    hash: string,
    amount: string,
    extra: { sender_address?: string; token_id?: string } = {},
  ) =>
    authed(t, 'POST', '/transactions/deposit/verify', user.token, {
      network: 'ethereum',
      sender_address: sender,
      transaction_hash: hash,
      amount,
      ...extra,
    });

  /** [available, locked] of the user's funding wallet in `token`. */
  async function funding(user: Member, token = usdt): Promise<[string, string]> {
    const res = await authed(t, 'GET', `/wallets?token_id=${token}`, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json().data[0] as {
      balances: { wallet_type: string; amount: string; locked_balance: string }[];
    };
    const wallet = group.balances.find((b) => b.wallet_type === 'funding');
    return [wallet?.amount ?? '0', wallet?.locked_balance ?? '0'];
  }

  async function history(user: Member) {
    const res = await authed(t, 'GET', '/wallets/deposit/history', user.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      total: number;
      data: { _id: string; tx_hash: string; amount: string; status: string }[];
    };
  }

  const rejection = (message: string, reason: string) => ({
    success: false,
    status: 400,
    code: 'DEPOSIT_REJECTED',
    message,
    data: { reason },
  });

  it('credits an ERC-20 deposit with enough confirmations to the funding wallet at once', async () => {
    const user = await member(t);
    const address = await depositAddress(user);
    const hash = await sendConfirmed(usdtContract, address, 12_500_000n);

    const res = await submit(user, hash, '12.5');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Deposit credited to your funding wallet',
      data: { status: 'confirmed', amount: '12.5', tx_hash: hash, token: { _id: usdt } },
    });
    expect(await funding(user)).toEqual(['12.5', '0']);
    expect(await history(user)).toMatchObject({
      total: 1,
      data: [{ tx_hash: hash, amount: '12.5', status: 'confirmed' }],
    });
  });

  it('credits a native coin deposit', async () => {
    const user = await member(t);
    const address = await depositAddress(user);
    const hash = await chain.send({ from: sender, to: address, value: (5n * ETH) / 4n });
    await chain.mine(CONFIRMATIONS - 1);
    const res = await submit(user, hash, '1.25');
    expect(res.json()).toMatchObject({
      data: { status: 'confirmed', amount: '1.25', token: { _id: eth } },
    });
    expect(await funding(user, eth)).toEqual(['1.25', '0']);
  });

  it('matches an amount sent as a JSON number that JavaScript prints with an exponent', async () => {
    const user = await member(t);
    const address = await depositAddress(user);
    // 500 gwei: String(0.0000005) is "5e-7", which is no decimal the chain check can read.
    const hash = await chain.send({ from: sender, to: address, value: 500_000_000_000n });
    await chain.mine(CONFIRMATIONS - 1);
    const res = await authed(t, 'POST', '/transactions/deposit/verify', user.token, {
      network: 'ethereum',
      sender_address: sender,
      transaction_hash: hash,
      amount: 0.0000005,
    });
    expect(res.json()).toMatchObject({ data: { status: 'confirmed', amount: '0.0000005' } });
    expect(await funding(user, eth)).toEqual(['0.0000005', '0']);
  });

  it('refuses, with the reason, a transfer to another address, an unlisted token, a reverted transaction and a wrong amount', async () => {
    const user = await member(t);
    const address = await depositAddress(user);

    const elsewhere = await sendConfirmed(usdtContract, stranger, 5_000_000n);
    const wrongRecipient = await submit(user, elsewhere, '5');
    expect(wrongRecipient.statusCode).toBe(400);
    expect(wrongRecipient.json()).toMatchObject(
      rejection('The transfer does not go to your deposit address', 'WRONG_RECIPIENT'),
    );

    const unlisted = await sendConfirmed(unlistedContract, address, 5n * ETH);
    expect((await submit(user, unlisted, '5')).json()).toMatchObject(
      rejection('The token transferred is not listed on this exchange', 'WRONG_TOKEN'),
    );

    const reverted = await sendToken(chain, usdtContract, broke, address, 5_000_000n, 100_000);
    await chain.mine(CONFIRMATIONS - 1);
    expect((await submit(user, reverted, '5', { sender_address: broke })).json()).toMatchObject(
      rejection('Transaction failed on chain', 'FAILED'),
    );

    const paid = await sendConfirmed(usdtContract, address, 5_000_000n);
    expect((await submit(user, paid, '5.01')).json()).toMatchObject(
      rejection('The amount does not match the transaction', 'AMOUNT_MISMATCH'),
    );
    expect((await submit(user, paid, '5', { sender_address: stranger })).json()).toMatchObject(
      rejection('The transfer is not from the sender address', 'WRONG_SENDER'),
    );
    const missing = await submit(user, `0x${'ab'.repeat(32)}`, '5');
    expect(missing.json()).toMatchObject(
      rejection('Transaction not found on ethereum', 'NOT_FOUND'),
    );

    // Nothing was credited or recorded; the right claim still goes through afterwards.
    expect(await funding(user)).toEqual(['0', '0']);
    expect(await history(user)).toMatchObject({ total: 0, data: [] });
    expect((await submit(user, paid, '5')).json()).toMatchObject({
      data: { status: 'confirmed' },
    });
    expect(await funding(user)).toEqual(['5', '0']);
  });

  it('holds a deposit with too few confirmations as pending, then the recheck credits it exactly once', async () => {
    const user = await member(t);
    const address = await depositAddress(user);
    const hash = await sendToken(chain, usdtContract, sender, address, 7_250_000n);

    const res = await submit(user, hash, '7.25');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Deposit submitted; it will be credited once confirmed',
      data: { status: 'pending', amount: '7.25' },
    });
    const id = res.json().data._id as string;
    expect(await funding(user)).toEqual(['0', '0']);

    // Still one block short: the recheck leaves it pending.
    await chain.mine(CONFIRMATIONS - 2);
    await recheckPendingDeposits(t.app.ctx, t.app.log);
    expect(await funding(user)).toEqual(['0', '0']);
    expect((await history(user)).data).toMatchObject([{ _id: id, status: 'pending' }]);

    // Resubmitting while pending is refused and changes nothing.
    const again = await submit(user, hash, '7.25');
    expect(again.statusCode).toBe(409);

    await chain.mine(1);
    await recheckPendingDeposits(t.app.ctx, t.app.log);
    expect(await funding(user)).toEqual(['7.25', '0']);
    expect(await history(user)).toMatchObject({
      total: 1,
      data: [{ _id: id, status: 'confirmed', amount: '7.25' }],
    });

    await chain.mine(5);
    await recheckPendingDeposits(t.app.ctx, t.app.log);
    expect(await funding(user)).toEqual(['7.25', '0']);
    expect((await history(user)).total).toBe(1);
  });

  it('credits a transaction once, whoever submits it again and however often', async () => {
    const alice = await member(t);
    const bob = await member(t);
    const hash = await sendConfirmed(usdtContract, await depositAddress(alice), 3_000_000n);

    expect((await submit(alice, hash, '3')).json()).toMatchObject({
      data: { status: 'confirmed' },
    });
    const repeat = await submit(alice, hash, '3');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'This transaction has already been submitted',
    });
    // Case changes do not make it a new transaction.
    expect((await submit(alice, hash.toUpperCase().replace('0X', '0x'), '3')).statusCode).toBe(409);
    // Bob's own address is not the recipient: refused on chain before any claim is recorded.
    const stolen = await submit(bob, hash, '3');
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ code: 'DEPOSIT_REJECTED' });

    const concurrent = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(i % 2 ? alice : bob, hash, '3')),
    );
    expect(concurrent.filter((r) => r.statusCode === 200)).toHaveLength(0);

    expect(await funding(alice)).toEqual(['3', '0']);
    expect(await funding(bob)).toEqual(['0', '0']);
    expect((await history(alice)).total).toBe(1);
    expect((await history(bob)).total).toBe(0);
  });

  it('credits one of many concurrent first submissions of the same transaction', async () => {
    const user = await member(t);
    const hash = await sendConfirmed(usdtContract, await depositAddress(user), 1_000_000n);
    const results = await Promise.all(Array.from({ length: 25 }, () => submit(user, hash, '1')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(24).fill(409)]);
    expect(await funding(user)).toEqual(['1', '0']);
    expect((await history(user)).total).toBe(1);
  });

  it('leaves a ledger that passes the audit', async () => {
    const audit = await auditLedger(t.database.db);
    expect(audit.violations).toEqual([]);
    expect(audit.ok).toBe(true);
  });
});

describe('an RPC endpoint that serves another chain', () => {
  let t: TestApp;
  let usdt: string;

  beforeAll(async () => {
    // The local chain is not Ethereum mainnet (chain id 1), which the endpoint is configured for.
    ({ t, usdt } = await appOnLocalChain('pglite', {}));
    await t.app.ctx.core.tokens.reload();
  }, 30_000);

  afterAll(() => t.close());

  it('never credits a deposit: the claim waits for an admin, and the recheck leaves it alone', async () => {
    const user = await member(t);
    const res = await authed(t, 'GET', '/wallets/deposit?network=ethereum', user.token);
    const { address } = res.json().data as { address: string };
    const hash = await sendConfirmed(usdtContract, address, 4_000_000n);

    const claim = await authed(t, 'POST', '/transactions/deposit/verify', user.token, {
      network: 'ethereum',
      sender_address: sender,
      transaction_hash: hash,
      amount: '4',
      token_id: usdt,
    });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json()).toMatchObject({
      message: 'Deposit submitted; it will be credited once confirmed',
      data: { status: 'pending', amount: '4' },
    });
    await recheckPendingDeposits(t.app.ctx, t.app.log);
    const history = await authed(t, 'GET', '/wallets/deposit/history', user.token);
    expect(history.json().data).toMatchObject([{ tx_hash: hash, status: 'pending' }]);
    const wallets = await authed(t, 'GET', `/wallets?token_id=${usdt}`, user.token);
    const funding = wallets
      .json()
      .data[0].balances.find((b: { wallet_type: string }) => b.wallet_type === 'funding');
    expect(funding).toMatchObject({ amount: '0', locked_balance: '0' });
  });
});
