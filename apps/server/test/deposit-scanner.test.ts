import {
  compileTestToken,
  deployTestToken,
  sendToken,
  startLocalChain,
  type LocalChain,
} from '@exchange/test-chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { scanDeposits } from '../src/modules/deposits/scanner.js';
import { BACKENDS } from './support/databases.js';
import { insertToken } from './support/listings.js';
import { authed, member, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The deposit scanner on a real chain: one in-process Hardhat node for the file, one app per
 * database backend. The tests run the scan themselves (its timer is off in tests).
 */
const CONFIRMATIONS = 3;
let chain: LocalChain;
let usdtContract: string;
let sender: string;

beforeAll(async () => {
  const bytecode = await compileTestToken();
  chain = await startLocalChain();
  [sender] = chain.accounts as [string];
  usdtContract = await deployTestToken(chain, bytecode, sender, 6, 10n ** 30n);
}, 60_000);

afterAll(async () => {
  await chain?.close();
});

describe.each(BACKENDS)('deposits that credit themselves on %s', (kind) => {
  let t: TestApp;
  let usdt: string;
  let eth: string;
  const scan = () => scanDeposits(t.app.ctx, t.app.log);

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        ETHEREUM_RPC_URL: chain.url,
        ETHEREUM_CHAIN_ID: String(chain.chainId),
        ETHEREUM_CONFIRMATIONS: String(CONFIRMATIONS),
      },
    });
    usdt = await insertToken(t.database.db, {
      name: 'Tether USD',
      shortName: 'USDT',
      decimals: 6,
      networks: [{ network: 'ethereum', contractAddress: usdtContract, decimals: 6 }],
    });
    eth = await insertToken(t.database.db, {
      name: 'Ethereum',
      shortName: 'ETH',
      decimals: 8,
      networks: [{ network: 'ethereum', contractAddress: null, decimals: 18 }],
    });
    await t.app.ctx.core.tokens.reload();
    // The scanner's first pass starts following the chain from its newest confirmed block.
    await scan();
  }, 30_000);
  afterAll(() => t.close());

  async function depositAddress(user: Member): Promise<string> {
    const res = await authed(t, 'GET', '/wallets/deposit?network=ethereum', user.token);
    return res.json().data.address as string;
  }

  /** The last block scanned. */
  async function cursor(): Promise<number> {
    const row = await t.database.db
      .selectFrom('deposit_scan_cursors')
      .select('last_block')
      .executeTakeFirstOrThrow();
    return Number(row.last_block);
  }

  async function history(user: Member) {
    const res = await authed(t, 'GET', '/wallets/deposit/history', user.token);
    return res.json() as { total: number; data: Record<string, unknown>[] };
  }

  async function available(user: Member, token: string): Promise<string> {
    const res = await authed(t, 'GET', `/wallets?token_id=${token}`, user.token);
    const group = res.json().data[0] as { balances: { wallet_type: string; amount: string }[] };
    return group.balances.find((b) => b.wallet_type === 'funding')?.amount ?? '0';
  }

  it('credits ERC-20 and native transfers once they have their confirmations, with no claim', async () => {
    const user = await member(t);
    const address = await depositAddress(user);
    const before = await cursor();
    const tokenTx = await sendToken(chain, usdtContract, sender, address, 12_500_000n);
    const coinTx = await chain.send({ from: sender, to: address, value: 2n * 10n ** 17n });

    expect(await scan()).toBe(0);
    expect(await history(user)).toMatchObject({ total: 0 });

    await chain.mine(CONFIRMATIONS - 1);
    expect(await scan()).toBe(2);
    expect(await available(user, usdt)).toBe('12.5');
    expect(await available(user, eth)).toBe('0.2');
    const { data } = await history(user);
    expect(data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tx_hash: tokenTx, amount: '12.5', status: 'confirmed' }),
        expect.objectContaining({ tx_hash: coinTx, amount: '0.2', status: 'confirmed' }),
      ]),
    );

    // Scanned again from an older cursor (a restart before the cursor was saved): nothing twice.
    await t.database.db.updateTable('deposit_scan_cursors').set({ last_block: before }).execute();
    expect(await scan()).toBe(0);
    expect(await available(user, usdt)).toBe('12.5');
    const claim = await authed(t, 'POST', '/transactions/deposit/verify', user.token, {
      network: 'ethereum',
      sender_address: sender,
      transaction_hash: tokenTx,
      amount: '12.5',
    });
    expect(claim.statusCode).toBe(409);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('credits nothing for a transfer whose block is reorganised away before its confirmations', async () => {
    const user = await member(t);
    const address = await depositAddress(user);
    const fork = await chain.request<string>('evm_snapshot');
    await sendToken(chain, usdtContract, sender, address, 7_000_000n);
    await chain.mine(CONFIRMATIONS - 2);
    expect(await scan()).toBe(0);

    // The blocks holding the transfer are replaced by a longer chain without it.
    expect(await chain.request('evm_revert', [fork])).toBe(true);
    await chain.mine(CONFIRMATIONS + 2);
    expect(await scan()).toBe(0);
    expect(await history(user)).toMatchObject({ total: 0 });
    expect(await available(user, usdt)).toBe('0');
    const latest = Number(await chain.request<string>('eth_blockNumber'));
    expect(await cursor()).toBe(latest - CONFIRMATIONS + 1);
  });

  it('credits the claim its owner made while the transfer waited for confirmations', async () => {
    const user = await member(t);
    const address = await depositAddress(user);
    const hash = await sendToken(chain, usdtContract, sender, address, 3_000_000n);
    const claim = await authed(t, 'POST', '/transactions/deposit/verify', user.token, {
      network: 'ethereum',
      sender_address: sender,
      transaction_hash: hash,
      amount: '3',
    });
    expect(claim.json().data).toMatchObject({ status: 'pending' });
    await chain.mine(CONFIRMATIONS - 1);
    expect(await scan()).toBe(1);
    expect(await history(user)).toMatchObject({
      total: 1,
      data: [{ _id: claim.json().data._id, status: 'confirmed', amount: '3' }],
    });
    expect(await available(user, usdt)).toBe('3');
  });
});
