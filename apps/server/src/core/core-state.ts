import type { FundsEvents } from './funds-events.js';
import { AppError } from '../lib/app-error.js';
import { said } from '../lib/messages.js';
import { Accounts } from './ledger/balances.js';
import { IdempotencyClaims } from './idempotency.js';
import type { MarketEvents } from './trading/market-events.js';
import { TaxState } from './tax/tax-state.js';
import { TradingState } from './trading/trading-state.js';
import type { AccountLock, DepositRecord, WithdrawalRecord } from './records.js';

/**
 * Deposit claims are keyed by the lower-cased transaction hash alone: a hash claimed on one
 * network cannot be claimed again on another (the user's address is the same on every EVM network).
 */
export const claimKey = (txHash: string) => txHash.toLowerCase();
/** One transfer inside a transaction on one network: what is credited at most once. */
export const creditKey = (network: string, txHash: string, logIndex: number) =>
  `${network}:${txHash.toLowerCase()}:${logIndex}`;

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
  /** Accounts an admin locked, by user id: their orders, transfers and withdrawals are refused. */
  readonly lockedUsers = new Map<string, AccountLock>();
  readonly trading = new TradingState();
  /** TDS rates, PANs on record and the USDT/INR rate: what settlement charges tax by. */
  readonly tax = new TaxState();
  /** The idempotency keys of money calls this core answered in the last 24 hours. */
  readonly idempotency = new IdempotencyClaims();
  /** Told of trades, depth and changed orders after each durable batch; set by the market data. */
  market: MarketEvents | null = null;
  /** Told of credited deposits and closed withdrawals after each durable batch (the notices). */
  funds: FundsEvents | null = null;

  /** Refuses what a locked account may not do: order, transfer, withdraw. */
  refuseLocked(userId: string): void {
    if (this.lockedUsers.has(userId)) throw new AppError('FORBIDDEN', said('accountLocked'));
  }

  reset(): void {
    this.accounts.load([]);
    this.pendingDeposits.clear();
    this.claims.clear();
    this.credited.clear();
    this.pendingWithdrawals.clear();
    this.lockedUsers.clear();
    this.trading.reset();
    this.tax.reset();
    this.idempotency.map.clear();
  }
}
