import { describe, expect, it } from 'vitest';
import type { EvmLog, EvmReceipt, EvmTransaction } from './evm-rpc.js';
import { verifyDeposit, type DepositClaim } from './evm-verifier.js';

type VerifierRpc = Parameters<typeof verifyDeposit>[0];
import { TRANSFER_TOPIC } from './transfers.js';

// Which reason wins when a transaction holds several transfers is easiest to pin down on a
// scripted node; the chain tests in test/chain cover each rule against a real EVM.
const HASH = `0x${'11'.repeat(32)}`;
const ME = '0x1111111111111111111111111111111111111111';
const SENDER = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const USDT = '0x4444444444444444444444444444444444444444';
const JUNK = '0x5555555555555555555555555555555555555555';

function transferLog(
  contract: string,
  from: string,
  to: string,
  units: bigint,
  logIndex: number,
): EvmLog {
  const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`;
  return {
    address: contract,
    topics: [TRANSFER_TOPIC, word(from), word(to)],
    data: word(units.toString(16)),
    logIndex,
  };
}

function scriptedRpc(
  logs: EvmLog[],
  extra: Partial<EvmTransaction> = {},
  mined = true,
): VerifierRpc {
  const tx: EvmTransaction = {
    hash: HASH,
    from: SENDER,
    to: USDT,
    value: 0n,
    input: '0x',
    blockNumber: 10,
    ...extra,
  };
  const receipt: EvmReceipt = { status: 'success', blockNumber: 10, logs };
  return {
    network: 'polygon',
    getTransaction: async () => tx,
    getTransactionReceipt: async () => (mined ? receipt : null),
    blockNumber: async () => 20,
  };
}

const claim: DepositClaim = {
  txHash: HASH,
  sender: SENDER,
  recipient: ME,
  amount: '5',
  tokens: [
    { tokenId: 'USDT', contract: USDT, decimals: 6 },
    { tokenId: 'POL', contract: null, decimals: 18 },
  ],
  requiredConfirmations: 5,
};

describe('verifyDeposit picks the most specific reason', () => {
  it('prefers an unlisted token that reached the user over a listed one sent elsewhere', async () => {
    const rpc = scriptedRpc([
      transferLog(USDT, SENDER, OTHER, 5_000_000n, 0),
      transferLog(JUNK, SENDER, ME, 5_000_000n, 1),
    ]);
    expect(await verifyDeposit(rpc, claim)).toMatchObject({ reason: 'WRONG_TOKEN' });
  });

  it('prefers a wrong amount over a wrong sender', async () => {
    const rpc = scriptedRpc([
      transferLog(USDT, OTHER, ME, 5_000_000n, 0),
      transferLog(USDT, SENDER, ME, 4_000_000n, 1),
    ]);
    expect(await verifyDeposit(rpc, claim)).toMatchObject({ reason: 'AMOUNT_MISMATCH' });
  });

  it('finds the matching transfer among others, with its own log index', async () => {
    const rpc = scriptedRpc([
      transferLog(USDT, SENDER, OTHER, 1n, 3),
      transferLog(USDT, SENDER, ME, 5_000_000n, 4),
    ]);
    expect(await verifyDeposit(rpc, claim)).toEqual({
      status: 'confirmed',
      tokenId: 'USDT',
      logIndex: 4,
      blockNumber: 10,
      amountUnits: 5_000_000n,
    });
  });

  it('ignores ERC-721 transfers, which index a fourth topic', async () => {
    const nft = transferLog(USDT, SENDER, ME, 5_000_000n, 0);
    nft.topics.push(`0x${'00'.repeat(31)}01`);
    expect(await verifyDeposit(scriptedRpc([nft]), claim)).toMatchObject({
      reason: 'WRONG_RECIPIENT',
      message: 'The transaction transfers nothing to your deposit address',
    });
  });

  it('counts confirmations including the block that holds the transaction', async () => {
    const rpc = scriptedRpc([transferLog(USDT, SENDER, ME, 5_000_000n, 0)]);
    expect(await verifyDeposit(rpc, { ...claim, requiredConfirmations: 12 })).toEqual({
      status: 'pending',
      confirmations: 11,
      required: 12,
      tokenId: 'USDT',
      logIndex: 0,
    });
    expect(await verifyDeposit(rpc, { ...claim, requiredConfirmations: 11 })).toMatchObject({
      status: 'confirmed',
    });
  });

  it('refuses a confirmation count that is not a positive integer', async () => {
    const rpc = scriptedRpc([transferLog(USDT, SENDER, ME, 5_000_000n, 0)]);
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      await expect(verifyDeposit(rpc, { ...claim, requiredConfirmations: bad })).rejects.toThrow(
        RangeError,
      );
    }
  });

  describe('an unmined transaction', () => {
    const transferCall = (to: string, units: bigint) =>
      `0xa9059cbb${to.slice(2).padStart(64, '0')}${units.toString(16).padStart(64, '0')}`;

    it('is pending when it sends a listed token or the coin to the claimant', async () => {
      const token = scriptedRpc(
        [],
        { input: transferCall(ME, 5_000_000n), blockNumber: null },
        false,
      );
      expect(await verifyDeposit(token, claim)).toMatchObject({
        status: 'pending',
        tokenId: 'USDT',
      });
      const coin = scriptedRpc([], { to: ME, value: 5n * 10n ** 18n, blockNumber: null }, false);
      expect(await verifyDeposit(coin, claim)).toMatchObject({ status: 'pending', tokenId: 'POL' });
    });

    it('is refused when it sends them to someone else, so a mempool watcher cannot claim it', async () => {
      const token = scriptedRpc(
        [],
        { input: transferCall(OTHER, 5_000_000n), blockNumber: null },
        false,
      );
      expect(await verifyDeposit(token, claim)).toMatchObject({ reason: 'WRONG_RECIPIENT' });
      const coin = scriptedRpc([], { to: OTHER, value: 5n * 10n ** 18n, blockNumber: null }, false);
      expect(await verifyDeposit(coin, claim)).toMatchObject({ reason: 'WRONG_RECIPIENT' });
    });
  });
});
