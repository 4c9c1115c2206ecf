import { createHash, randomBytes } from 'node:crypto';
import type { WalletType } from '@exchange/contracts';
import type { AppContext } from '../context.js';
import { claimKey } from '../core/core-state.js';
import { parseAmount } from '../core/money.js';
import { grantFunds } from './grant-funds.js';
import type { Token } from '../core/tokens.js';
import { findUserByEmail } from '../modules/users/repository.js';
import {
  BOT_FUNDS_USD,
  BOT_QUOTE_USD,
  DEMO_USER,
  DEMO_USER_FUNDS,
  LIQUIDITY_TAKER,
  MARKET_MAKER,
  type DemoAccount,
} from './accounts.js';
import { DEMO_COINS, DEMO_USDT_INR, INR_COIN, QUOTE_COIN } from './catalog.js';

/** Where demo funds come from: a confirmed deposit needs a sender. */
const FAUCET_ADDRESS = '0x000000000000000000000000000000000000fa11';

export interface DemoUsers {
  demo: string | null;
  marketMaker: string | null;
  taker: string | null;
}

export async function findDemoUsers(ctx: AppContext): Promise<DemoUsers> {
  const id = async (a: DemoAccount) => (await findUserByEmail(ctx.db, a.email))?.id ?? null;
  return {
    demo: await id(DEMO_USER),
    marketMaker: await id(MARKET_MAKER),
    taker: await id(LIQUIDITY_TAKER),
  };
}

/**
 * A confirmed deposit into the funding wallet (against the `deposits` system account, like any
 * deposit), then, for spot, a transfer: ordinary ledger balances with an origin the audit sees.
 */
export async function depositFunds(
  ctx: AppContext,
  userId: string,
  token: Token,
  amount: bigint,
  wallet: WalletType,
  txHash: string,
): Promise<void> {
  // The rupee is on no chain: it arrives by the bank rail.
  const network =
    token.networks[0]?.network ??
    (token.networks.length === 0 && token.shortName === 'INR' ? 'bank' : 'ethereum');
  await grantFunds(ctx.core, {
    userId,
    tokenId: token.id,
    amount,
    wallet,
    network,
    txHash,
    senderAddress: FAUCET_ADDRESS,
  });
}

/** A fresh transaction hash for a top-up. */
export const randomTxHash = () => `0x${randomBytes(32).toString('hex')}`;

/**
 * Funds the demo accounts once. Each grant has a transaction hash derived from who gets what,
 * so a grant already made (this start or an earlier one) is not made again.
 */
export async function fundDemoAccounts(ctx: AppContext, users: DemoUsers): Promise<number> {
  const grants: [string, string, bigint, WalletType][] = [];
  if (users.demo) {
    for (const wallet of ['spot', 'funding'] as const)
      for (const [symbol, amount] of Object.entries(DEMO_USER_FUNDS[wallet]))
        grants.push([users.demo, symbol, parseAmount(amount) as bigint, wallet]);
  }
  for (const [userId, kind] of [
    [users.marketMaker, 'marketMaker'],
    [users.taker, 'taker'],
  ] as const) {
    if (!userId) continue;
    grants.push([userId, QUOTE_COIN.shortName, usdUnits(BOT_QUOTE_USD[kind], 1, '0.01'), 'spot']);
    grants.push([
      userId,
      INR_COIN.shortName,
      usdUnits(BOT_QUOTE_USD[kind] * DEMO_USDT_INR, 1, '0.01'),
      'spot',
    ]);
    for (const coin of DEMO_COINS)
      grants.push([
        userId,
        coin.shortName,
        usdUnits(BOT_FUNDS_USD[kind], coin.price, coin.lotSize),
        'spot',
      ]);
  }
  const { state, tokens } = ctx.core;
  const pending: Promise<void>[] = [];
  for (const [userId, symbol, amount, wallet] of grants) {
    const token = tokens.bySymbol(symbol);
    if (!token) continue;
    const txHash = `0x${createHash('sha256').update(`demo:${userId}:${symbol}:${wallet}`).digest('hex')}`;
    const key = claimKey(txHash);
    if ((state.claims.get(key)?.size ?? 0) > 0) continue;
    pending.push(depositFunds(ctx, userId, token, amount, wallet, txHash));
  }
  await Promise.all(pending);
  return pending.length;
}

/** Ledger units of `usd` worth of a coin at `price`, in whole lots. */
export function usdUnits(usd: number, price: number, lotSize: string): bigint {
  const lots = Math.max(1, Math.round(usd / price / Number(lotSize)));
  return BigInt(lots) * (parseAmount(lotSize) as bigint);
}
