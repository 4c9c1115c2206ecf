import type { DepositRecord, WithdrawalRecord } from './records.js';

/**
 * What the trading core tells the account notices after each durable batch: a deposit credited
 * to a user, a withdrawal paid out or refused, whoever decided it (the chain watcher, an admin).
 */
export interface FundsEvents {
  depositCredited(deposit: DepositRecord): void;
  withdrawalClosed(withdrawal: WithdrawalRecord): void;
}
