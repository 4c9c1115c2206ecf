import {
  compileTestToken,
  deployTestToken,
  sendToken,
  startLocalChain,
  type LocalChain,
} from '@exchange/test-chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ChainClients } from '../../src/chain/chain-clients.js';
import { createEvmRpc, type EvmRpc } from '../../src/chain/evm-rpc.js';
import {
  verifyDeposit,
  type DepositClaim,
  type ListedToken,
} from '../../src/chain/evm-verifier.js';
import { depositAddress, loadOrCreateHdRoot } from '../../src/chain/hd-wallet.js';

const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const ETH = 10n ** 18n;

let chain: LocalChain;
let rpc: EvmRpc;
let usdt: string;
let unlisted: string;
let tokens: ListedToken[];
let deposit: string;
let sender: string;
let stranger: string;
/** Never receives USDT, so its transfers revert. */
let broke: string;

beforeAll(async () => {
  const bytecode = await compileTestToken();
  chain = await startLocalChain();
  rpc = createEvmRpc({ network: 'ethereum', url: chain.url, timeoutMs: 5_000 });
  [sender, stranger, broke] = chain.accounts as [string, string, string];
  usdt = await deployTestToken(chain, bytecode, sender, 6, 10n ** 30n);
  unlisted = await deployTestToken(chain, bytecode, sender, 18, 10n ** 30n);
  tokens = [
    { tokenId: 'ETH', contract: null, decimals: 18 },
    { tokenId: 'USDT', contract: usdt.toUpperCase().replace('0X', '0x'), decimals: 6 },
  ];
  const root = await loadOrCreateHdRoot('/nonexistent', MNEMONIC);
  deposit = depositAddress(root, 'ethereum', 7);
}, 30_000);

afterAll(async () => {
  await chain?.close();
});

function claim(txHash: string, overrides: Partial<DepositClaim> = {}): DepositClaim {
  return {
    txHash,
    sender,
    recipient: deposit,
    amount: '12.5',
    tokens,
    requiredConfirmations: 1,
    ...overrides,
  };
}

describe('verifyDeposit on a local chain', () => {
  it('confirms an ERC-20 deposit, comparing addresses case-insensitively', async () => {
    const hash = await sendToken(chain, usdt, sender, deposit, 12_500_000n);
    const receipt = await rpc.getTransactionReceipt(hash);
    const verdict = await verifyDeposit(
      rpc,
      claim(hash, {
        sender: sender.toUpperCase().replace('0X', '0x'),
        recipient: deposit.toLowerCase(),
      }),
    );
    expect(verdict).toEqual({
      status: 'confirmed',
      tokenId: 'USDT',
      logIndex: receipt!.logs[0]!.logIndex,
      blockNumber: receipt!.blockNumber,
      amountUnits: 12_500_000n,
    });
  });

  it('confirms a native deposit with log index -1', async () => {
    const hash = await chain.send({ from: sender, to: deposit, value: (5n * ETH) / 4n });
    const verdict = await verifyDeposit(rpc, claim(hash, { amount: '1.25' }));
    expect(verdict).toMatchObject({
      status: 'confirmed',
      tokenId: 'ETH',
      logIndex: -1,
      amountUnits: (5n * ETH) / 4n,
    });
  });

  it('rejects a transfer to another address', async () => {
    const hash = await sendToken(chain, usdt, sender, stranger, 12_500_000n);
    expect(await verifyDeposit(rpc, claim(hash))).toEqual({
      status: 'rejected',
      reason: 'WRONG_RECIPIENT',
      message: 'The transfer does not go to your deposit address',
    });
  });

  it('rejects a transfer from someone other than the stated sender', async () => {
    const hash = await sendToken(chain, usdt, sender, deposit, 12_500_000n);
    expect(await verifyDeposit(rpc, claim(hash, { sender: stranger }))).toMatchObject({
      status: 'rejected',
      reason: 'WRONG_SENDER',
      message: 'The transfer is not from the sender address',
    });
  });

  it('rejects a token that is not listed, and a native coin that is not', async () => {
    const hash = await sendToken(chain, unlisted, sender, deposit, 12_500_000n);
    expect(await verifyDeposit(rpc, claim(hash))).toMatchObject({
      status: 'rejected',
      reason: 'WRONG_TOKEN',
      message: 'The token transferred is not listed on this exchange',
    });
    const native = await chain.send({ from: sender, to: deposit, value: ETH });
    const usdtOnly = tokens.filter((t) => t.contract !== null);
    expect(
      await verifyDeposit(rpc, claim(native, { amount: '1', tokens: usdtOnly })),
    ).toMatchObject({
      reason: 'WRONG_TOKEN',
    });
  });

  it('rejects a reverted transaction as FAILED', async () => {
    const hash = await sendToken(chain, usdt, broke, deposit, 12_500_000n, 100_000);
    expect(await rpc.getTransactionReceipt(hash)).toMatchObject({ status: 'reverted' });
    expect(await verifyDeposit(rpc, claim(hash, { sender: broke }))).toEqual({
      status: 'rejected',
      reason: 'FAILED',
      message: 'Transaction failed on chain',
    });
  });

  it('is pending until enough blocks are mined, then confirmed', async () => {
    const hash = await sendToken(chain, usdt, sender, deposit, 12_500_000n);
    const waiting = await verifyDeposit(rpc, claim(hash, { requiredConfirmations: 3 }));
    expect(waiting).toMatchObject({
      status: 'pending',
      confirmations: 1,
      required: 3,
      tokenId: 'USDT',
    });
    await chain.mine(1);
    expect(await verifyDeposit(rpc, claim(hash, { requiredConfirmations: 3 }))).toMatchObject({
      status: 'pending',
      confirmations: 2,
    });
    await chain.mine(1);
    expect(await verifyDeposit(rpc, claim(hash, { requiredConfirmations: 3 }))).toMatchObject({
      status: 'confirmed',
      tokenId: 'USDT',
    });
  });

  it('reports a known but unmined transaction as pending with 0 confirmations', async () => {
    await chain.request('evm_setAutomine', [false]);
    try {
      const hash = await sendToken(chain, usdt, sender, deposit, 12_500_000n, 100_000);
      expect(await verifyDeposit(rpc, claim(hash))).toEqual({
        status: 'pending',
        confirmations: 0,
        required: 1,
        tokenId: 'USDT',
        logIndex: null,
      });
      await chain.mine(1);
      expect(await verifyDeposit(rpc, claim(hash))).toMatchObject({ status: 'confirmed' });
    } finally {
      await chain.request('evm_setAutomine', [true]);
    }
  });

  it('compares the amount exactly in base units', async () => {
    const hash = await sendToken(chain, usdt, sender, deposit, 12_500_000n);
    const mismatch = {
      status: 'rejected',
      reason: 'AMOUNT_MISMATCH',
      message: 'The amount does not match the transaction',
    };
    expect(await verifyDeposit(rpc, claim(hash, { amount: '12.4' }))).toEqual(mismatch);
    expect(await verifyDeposit(rpc, claim(hash, { amount: '12.500001' }))).toEqual(mismatch);
    // Seven decimals for a six-decimal token can never equal a transfer.
    expect(await verifyDeposit(rpc, claim(hash, { amount: '12.5000001' }))).toEqual(mismatch);
    expect(await verifyDeposit(rpc, claim(hash, { amount: 'twelve' }))).toEqual(mismatch);
    expect(await verifyDeposit(rpc, claim(hash, { amount: '12.500000000' }))).toMatchObject({
      status: 'confirmed',
    });
  });

  it('rejects an unknown hash as NOT_FOUND and a malformed one as INVALID_HASH', async () => {
    expect(await verifyDeposit(rpc, claim(`0x${'ab'.repeat(32)}`))).toEqual({
      status: 'rejected',
      reason: 'NOT_FOUND',
      message: 'Transaction not found on ethereum',
    });
    expect(await verifyDeposit(rpc, claim('0x1234'))).toMatchObject({ reason: 'INVALID_HASH' });
  });

  it('rejects a transaction that moves nothing to the deposit address', async () => {
    const hash = await chain.send({ from: sender, to: deposit, value: 0n });
    expect(await verifyDeposit(rpc, claim(hash))).toMatchObject({ reason: 'WRONG_RECIPIENT' });
  });
});

describe('ChainClients', () => {
  const endpoints = (chainId: number) => ({
    ethereum: { rpcUrl: chain.url, chainId },
    bsc: { rpcUrl: null, chainId: 56 },
    polygon: { rpcUrl: null, chainId: 137 },
  });
  const log = pino({ level: 'silent' });

  it('hands out the client of an endpoint that serves the expected chain', async () => {
    const clients = new ChainClients(endpoints(chain.chainId), log, () => new Date());
    const rpc = await clients.verified('ethereum');
    expect(await rpc?.chainId()).toBe(chain.chainId);
    expect(await clients.verified('bsc')).toBeNull();
  });

  it('never hands out an endpoint serving another chain, and asks again only after a minute', async () => {
    let now = Date.now();
    const clients = new ChainClients(endpoints(1), log, () => new Date(now));
    expect(await clients.verified('ethereum')).toBeNull();
    now += 30_000;
    expect(await clients.verified('ethereum')).toBeNull();
    now += 31_000;
    expect(await clients.verified('ethereum')).toBeNull();
  });
});
