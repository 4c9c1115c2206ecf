import { randomBytes } from 'node:crypto';
import type { Rail, WalletType } from '@exchange/contracts';
import type { Core } from '../core/core.js';
import { grantDeposit } from '../modules/deposits/commands.js';
import { transfer } from '../modules/wallets/commands.js';

export interface Grant {
  userId: string;
  tokenId: string;
  /** Ledger units. */
  amount: bigint;
  wallet: WalletType;
  network?: Rail;
  /** Makes a grant once only: the same hash is never credited twice. Random when absent. */
  txHash?: string;
  senderAddress?: string;
}

/**
 * Funds a wallet the way money really arrives: a confirmed deposit into funding (against the
 * `deposits` system account, so the audit sees its origin), then, for spot, a transfer. Used to
 * seed the demo market, benchmarks and tests. A grant is no deposit of the user's: it mails no
 * "Deposit credited" notice (grantDeposit).
 */
export async function grantFunds(core: Core, grant: Grant): Promise<void> {
  const { userId, tokenId, amount } = grant;
  const claim = {
    userId,
    tokenId,
    network: grant.network ?? 'ethereum',
    senderAddress: grant.senderAddress ?? '0x0000000000000000000000000000000000000000',
    txHash: grant.txHash ?? `0x${randomBytes(32).toString('hex')}`,
    logIndex: 0,
    amount,
  };
  await core.sequencer.submit(grantDeposit(claim));
  if (grant.wallet === 'spot')
    await core.sequencer.submit(transfer({ userId, tokenId, from: 'funding', to: 'spot', amount }));
}
