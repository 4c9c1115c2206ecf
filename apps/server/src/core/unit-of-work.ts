import { randomUUID } from 'node:crypto';
import { AppError } from '../lib/app-error.js';
import { said, type Said } from '../lib/messages.js';
import { timeOrderedUuid } from '../lib/time-ordered-uuid.js';
import type { Account } from './ledger/balances.js';
import {
  applyPostings,
  checkPostings,
  revertPostings,
  netPostings,
  type LedgerKind,
  type LedgerTransaction,
  type Posting,
} from './ledger/ledger.js';
import type { IdempotentAnswer } from './idempotency.js';
import type { AccountLock, AdminAction, DepositRecord, WithdrawalRecord } from './records.js';
import type { TdsDeduction } from './tax/tds.js';
import type { Token } from './tokens.js';
import type { Pair } from './trading/pairs.js';
import type { OrderRecord, TradeRecord } from './trading/order-record.js';

/** What an order command moves: only these are netted into one 'order' transaction. */
const ORDER_KINDS = new Set<LedgerKind>(['order_hold', 'trade', 'order_release']);

/** How far a command or a batch got: `rollback` undoes everything after it. */
export interface WorkMark {
  undo: number;
  trades: number;
  deductions: number;
  adminActions: number;
  committed: number;
}

/**
 * The effects of one batch of commands, collected in memory while the sequencer runs them and
 * written to the database in one transaction before any of them is acknowledged.
 *
 * Every change a command makes to the core's memory goes through this object (postings, records,
 * the maps of pending deposits, withdrawals and open orders), which keeps an undo journal: a
 * refused command is rolled back alone, and a batch the database did not take is rolled back
 * whole, so the core never has to rebuild from the database. The books roll back separately
 * (TradingState.rollbackEngine).
 */
export class UnitOfWork {
  readonly ledger: LedgerTransaction[] = [];
  readonly accounts = new Set<Account>();
  readonly deposits = new Map<string, DepositRecord>();
  readonly withdrawals = new Map<string, WithdrawalRecord>();
  readonly adminActions: AdminAction[] = [];
  /** Pairs listed or changed (status, fees) in this batch. */
  readonly pairs = new Map<string, Pair>();
  /** Tokens listed in this batch. */
  readonly tokens = new Map<string, Token>();
  /** Accounts locked or unlocked in this batch, by user id. */
  readonly accountLocks = new Map<string, AccountLock>();
  readonly orders = new Map<number, OrderRecord>();
  /** Orders placed in this batch: written whole, where the others are updated. */
  readonly createdOrders = new Set<number>();
  readonly trades: TradeRecord[] = [];
  /** TDS charged on the batch's fills, one per side of each. */
  readonly deductions: TdsDeduction[] = [];
  /** The answers of the batch's calls sent with an idempotency key, by user and key. */
  readonly answers = new Map<string, IdempotentAnswer>();
  private readonly committed: (() => void)[] = [];
  private readonly undo: (() => void)[] = [];
  /** The current command's ledger transactions, while a command runs. */
  private command: LedgerTransaction[] | null = null;

  constructor(readonly now: Date) {}

  /**
   * Moves money: checks the postings balance and keep every protected bucket non-negative,
   * then applies them. On refusal nothing changes and the error says what was short.
   */
  post(
    kind: LedgerKind,
    reference: string,
    postings: Posting[],
    shortMessage: string | Said = said('insufficientBalance'),
  ): void {
    if (checkPostings(postings) !== null) throw new AppError('INSUFFICIENT_BALANCE', shortMessage);
    this.apply(kind, reference, postings);
  }

  /**
   * Moves money where the books say it must move (fills, releases). A refusal here means memory
   * is wrong: it is a fault, not a business refusal, so the command is rolled back alone (its
   * postings and the engine's changes undone), answered 500 and logged.
   */
  settle(kind: LedgerKind, reference: string, postings: Posting[]): void {
    const short = checkPostings(postings);
    if (short !== null)
      throw new Error(`settlement ${kind} ${reference} would overdraw ${short.id}`);
    this.apply(kind, reference, postings);
  }

  private apply(kind: LedgerKind, reference: string, postings: Posting[]): void {
    applyPostings(postings);
    this.undo.push(() => revertPostings(postings));
    for (const p of postings) this.accounts.add(p.account);
    const transaction = { id: '', kind, reference, createdAt: this.now, postings };
    // A command's parts are named when it ends: most are netted into one (endCommand).
    if (this.command) this.command.push(transaction);
    else this.record(transaction);
  }

  /** Starts collecting one command's ledger transactions (the sequencer calls this). */
  beginCommand(): WorkMark {
    this.command = [];
    return this.mark();
  }

  mark(): WorkMark {
    return {
      undo: this.undo.length,
      trades: this.trades.length,
      deductions: this.deductions.length,
      adminActions: this.adminActions.length,
      committed: this.committed.length,
    };
  }

  /** Undoes, newest first, every change to memory and to this batch made since `mark`. */
  rollback(mark: WorkMark): void {
    this.command = null;
    while (this.undo.length > mark.undo) (this.undo.pop() as () => void)();
    this.trades.length = mark.trades;
    this.deductions.length = mark.deductions;
    this.adminActions.length = mark.adminActions;
    this.committed.length = mark.committed;
  }

  /** Registers how to undo a change made outside these helpers. */
  onUndo(fn: () => void): void {
    this.undo.push(fn);
  }

  /** Keeps a copy of a record about to be changed in place, to put back on rollback. */
  preserve<T extends object>(record: T): void {
    const copy = { ...record };
    this.undo.push(() => Object.assign(record, copy));
  }

  /** Changes a record in place, undoably. */
  update<T extends object>(record: T, changes: Partial<T>): void {
    this.preserve(record);
    Object.assign(record, changes);
  }

  setEntry<K, V>(map: Map<K, V>, key: K, value: V): void {
    this.restoreLater(map, key);
    map.set(key, value);
  }

  deleteEntry<K, V>(map: Map<K, V>, key: K): void {
    this.restoreLater(map, key);
    map.delete(key);
  }

  addMember<T>(set: Set<T>, value: T): void {
    if (set.has(value)) return;
    set.add(value);
    this.undo.push(() => set.delete(value));
  }

  deleteMember<T>(set: Set<T>, value: T): void {
    if (!set.delete(value)) return;
    this.undo.push(() => set.add(value));
  }

  private restoreLater<K, V>(map: Map<K, V>, key: K): void {
    const had = map.has(key);
    const previous = map.get(key);
    this.undo.push(() => (had ? map.set(key, previous as V) : map.delete(key)));
  }

  /**
   * Records the command's ledger transactions: one as it is; several (an order's hold, fills and
   * release) netted into one 'order' transaction, which keeps the ledger to a few rows per order.
   */
  endCommand(): void {
    const parts = this.command ?? [];
    this.command = null;
    const first = parts[0];
    if (parts.length <= 1 || !parts.every((t) => ORDER_KINDS.has(t.kind))) {
      for (const t of parts) this.record(t);
      return;
    }
    const postings = netPostings(parts.map((t) => t.postings));
    if (postings.length > 0)
      this.record({ ...(first as LedgerTransaction), kind: 'order', postings });
  }

  /** Adds a transaction to the batch's ledger under a new id. */
  private record(transaction: LedgerTransaction): void {
    transaction.id = timeOrderedUuid();
    this.ledger.push(transaction);
  }

  createOrder(order: OrderRecord): void {
    this.addMember(this.createdOrders, order.id);
    this.setEntry(this.orders, order.id, order);
  }

  saveOrder(order: OrderRecord): void {
    this.setEntry(this.orders, order.id, order);
  }

  saveDeposit(deposit: DepositRecord): void {
    this.setEntry(this.deposits, deposit.id, deposit);
  }

  saveWithdrawal(withdrawal: WithdrawalRecord): void {
    this.setEntry(this.withdrawals, withdrawal.id, withdrawal);
  }

  savePair(pair: Pair): void {
    this.setEntry(this.pairs, pair.id, pair);
  }

  saveToken(token: Token): void {
    this.setEntry(this.tokens, token.id, token);
  }

  saveAccountLock(userId: string, lock: AccountLock): void {
    this.setEntry(this.accountLocks, userId, lock);
  }

  saveAnswer(id: string, answer: IdempotentAnswer): void {
    this.setEntry(this.answers, id, answer);
  }

  recordAdminAction(action: Omit<AdminAction, 'id' | 'createdAt'>): void {
    this.adminActions.push({ ...action, id: randomUUID(), createdAt: this.now });
  }

  /** Runs after the batch is durable: feed events and the like, never anything that can fail the batch. */
  afterCommit(fn: () => void): void {
    this.committed.push(fn);
  }

  runAfterCommit(): void {
    for (const fn of this.committed) fn();
  }

  /** Whether the batch has records beyond the hot path's (balances, ledger, orders, trades). */
  get hasRecords(): boolean {
    return (
      this.deposits.size > 0 ||
      this.withdrawals.size > 0 ||
      this.adminActions.length > 0 ||
      this.pairs.size > 0 ||
      this.tokens.size > 0 ||
      this.accountLocks.size > 0 ||
      this.answers.size > 0
    );
  }

  get isEmpty(): boolean {
    return (
      this.ledger.length === 0 &&
      this.accounts.size === 0 &&
      this.orders.size === 0 &&
      this.trades.length === 0 &&
      this.deductions.length === 0 &&
      !this.hasRecords
    );
  }
}
