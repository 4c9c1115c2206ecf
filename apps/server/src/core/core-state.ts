import { Accounts } from './ledger/balances.js';
import type { MarketEvents } from './trading/market-events.js';
import { TradingState } from './trading/trading-state.js';
import type { DepositRecord, WithdrawalRecord } from './records.js';

/** Deposit claims are keyed by network and lower-cased transaction hash. */
export const claimKey = (network: string, txHash: string) => `${network}:${txHash.toLowerCase()}`;
/** One transfer inside a transaction: what is credited at most once. */
export const creditKey = (network: string, txHash: string, logIndex: number) =>
  `${claimKey(network, txHash)}:${logIndex}`;

/**
 * What the single writer holds in memory: every ledger account, the deposits that are still
 * open or credited (so a transfer is credited once), and pending withdrawals.
 */
export class CoreState {
  readonly accounts = new Accounts();
  /** Pending deposits by id. */
  readonly pendingDeposits = new Map<string, DepositRecord>();
  /** Claim key → ids of the deposits that hold it (pending or confirmed). */
  readonly claims = new Map<string, Set<string>>();
  /** `network:txhash:logIndex` of every credited transfer. */
  readonly credited = new Set<string>();
  readonly pendingWithdrawals = new Map<string, WithdrawalRecord>();
  readonly trading = new TradingState();
  /** Told of trades, depth and changed orders after each durable batch; set by the market data. */
  market: MarketEvents | null = null;

  reset(): void {
    this.accounts.load([]);
    this.pendingDeposits.clear();
    this.claims.clear();
    this.credited.clear();
    this.pendingWithdrawals.clear();
    this.trading.reset();
  }
}
