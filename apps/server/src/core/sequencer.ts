import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { CommittedBatch } from '../lib/metrics.js';
import type { CoreState } from './core-state.js';
import { continueStops } from './trading/execution.js';
import { UnitOfWork, type WorkMark } from './unit-of-work.js';
import { spotMoves } from './ledger/spot-moves.js';

const EMPTY_MARK: WorkMark = { undo: 0, trades: 0, deductions: 0, adminActions: 0, committed: 0 };

/**
 * A command runs inside the single writer. It must be synchronous, check everything before it
 * changes anything, and signal a refusal by throwing an AppError before its first change. What
 * it returns is answered once its batch commits, by when later commands may have run: a copy,
 * never a record they can change.
 */
export type Command<T> = (state: CoreState, work: UnitOfWork) => T;

interface Queued {
  command: Command<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: AppError };

/** Commands that have run against memory, and their effects, waiting to be written as one. */
interface Batch {
  items: Queued[];
  outcomes: Outcome[];
  work: UnitOfWork;
  /** Where the books stood before the batch's first command. */
  engineMark: number;
}

export interface SequencerOptions {
  /**
   * Writes a batch's effects in one database transaction. It must take what it writes from the
   * batch before it first yields, unless the batch has records (`work.hasRecords`): commands
   * run against memory while it commits.
   */
  persist(work: UnitOfWork): Promise<void>;
  log: FastifyBaseLogger;
  now(): Date;
  maxBatch?: number;
  /** Hears of each committed batch: its size and commit time (metrics). */
  committed?: (batch: CommittedBatch) => void;
}

/**
 * The one writer for everything that moves money or changes a book. Commands run one at a time,
 * in the order they were submitted, against in-memory state; the effects of a batch are
 * committed in one transaction and only then is any command in it acknowledged.
 *
 * While a batch commits, the commands that arrive run against memory at once, as the next
 * batch: its commit starts as soon as the previous one ends, before that one's commands are
 * answered, so the database is kept busy and a command's wait is one commit, not a commit plus
 * the running of its batch. Commits are grouped under load without a timer. Batches with
 * records (deposits, withdrawals, listings, admin actions, locks) are rare and written in
 * several statements: nothing runs ahead of them.
 */
export class Sequencer {
  private queue: Queued[] = [];
  private running: Promise<void> | null = null;
  /** The batch being committed, if any. */
  private writing: Batch | null = null;
  /** Commands run against memory while `writing` commits: the batch committed after it. */
  private ahead: Batch | null = null;
  private runAheadScheduled = false;
  /** While a batch the database refused is taken apart, nothing runs ahead. */
  private recovering = false;
  /** A follow-up for due stops is scheduled or queued, and has not run yet. */
  private followUpPending = false;
  private readonly maxBatch: number;

  constructor(
    private readonly state: CoreState,
    private readonly options: SequencerOptions,
  ) {
    this.maxBatch = options.maxBatch ?? 2000;
  }

  submit<T>(command: Command<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ command, resolve: resolve as (v: unknown) => void, reject });
      this.running ??= this.drain();
      if (this.writing && !this.runAheadScheduled) {
        // Once the submitting code is done, not inside it.
        this.runAheadScheduled = true;
        queueMicrotask(() => {
          this.runAheadScheduled = false;
          this.runAhead();
        });
      }
    });
  }

  /** Commands submitted and not yet run (the queue's depth). */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Resolves once every command submitted so far is acknowledged or refused, and every stop
   * crossed so far has entered the book (their follow-up commands too).
   */
  async idle(): Promise<void> {
    while (this.running || this.followUpPending)
      await (this.running ?? new Promise<void>((resolve) => setImmediate(resolve)));
  }

  /**
   * Queues a follow-up command for stops that were crossed and are still due (review N4-H3): on a
   * later turn of the event loop, so the requests that arrived meanwhile are read first, and at the
   * end of the queue, behind every command already waiting. Each follow-up triggers at most
   * TRIGGERS_PER_COMMAND stops and queues the next while any remain, so no command of the writer
   * runs longer than that bound whatever rests, and nobody else's command waits behind them all.
   * At start (the loaded state may have due stops) the core calls it once.
   */
  continueDueStops(): void {
    if (this.followUpPending || this.state.trading.dueStops.due === 0) return;
    this.followUpPending = true;
    const followUp: Command<number> = (state, work) => {
      this.followUpPending = false;
      return continueStops(state, work);
    };
    this.followUps.add(followUp);
    setImmediate(() => {
      this.submit(followUp).catch(() => {
        // A fault is logged where it happened; the stops stay due for the next command.
        this.followUpPending = false;
      });
    });
  }

  private async drain(): Promise<void> {
    // Yield once so commands submitted in the same tick join the first batch.
    await Promise.resolve();
    try {
      let batch = this.takeNext();
      let committing = batch && this.begin(batch);
      while (batch) {
        const done = batch;
        try {
          await committing;
        } catch (error) {
          this.writing = null;
          await this.recover(done, error);
          batch = this.takeNext();
          committing = batch && this.begin(batch);
          continue;
        }
        this.writing = null;
        batch = this.takeNext();
        this.forgetBefore(batch);
        // The next commit leaves before this batch is answered: answering does not keep the
        // database waiting.
        committing = batch && this.begin(batch);
        this.answer(done);
      }
    } finally {
      // Synchronously after the last empty-queue check: a later submit starts a new drain.
      this.running = null;
    }
  }

  /** The batch that ran ahead, or what has queued, run now; null when nothing waits. */
  private takeNext(): Batch | null {
    const batch = this.ahead ?? (this.queue.length > 0 ? this.runQueued(null) : null);
    this.ahead = null;
    return batch;
  }

  /** Runs queued commands into `batch` (a new one if null), up to a full batch. */
  private runQueued(batch: Batch | null): Batch {
    const into = batch ?? this.newBatch();
    for (const q of this.queue.splice(0, this.maxBatch - into.items.length)) this.runInto(into, q);
    return into;
  }

  private newBatch(): Batch {
    const work = new UnitOfWork(this.options.now());
    return { items: [], outcomes: [], work, engineMark: this.state.trading.engineMark() };
  }

  private runInto(batch: Batch, q: Queued): void {
    batch.items.push(q);
    const outcome = this.run(q.command, batch.work);
    batch.outcomes.push(outcome);
    // A follow-up that triggered nothing (every due stop on a halted pair) or failed queues no
    // other: the next command will.
    const stalled = this.isFollowUp(q) && !(outcome.ok && (outcome.value as number) > 0);
    if (!stalled) this.continueDueStops();
  }

  private readonly followUps = new WeakSet<Command<unknown>>();

  private isFollowUp(q: Queued): boolean {
    return this.followUps.has(q.command);
  }

  /** Runs what has queued as the next batch while the current one commits. */
  private runAhead(): void {
    const writing = this.writing;
    if (!writing || this.recovering || writing.work.hasRecords || this.queue.length === 0) return;
    this.ahead = this.runQueued(this.ahead);
  }

  /**
   * Starts committing a batch; the commands that queue meanwhile run ahead. Once it commits, its
   * commands are answered (`answer`). If the database refuses it, it and the batch run ahead of
   * it are rolled back in memory, newest first (`recover`); the refused batch's halves run again
   * on their own, down to the one command the database refuses, which alone is refused (500,
   * logged), and the commands that had run ahead run again after them. The core is never rebuilt.
   */
  private begin(batch: Batch): Promise<void> {
    if (batch.work.isEmpty) return Promise.resolve();
    this.writing = batch;
    const committed = this.options.committed
      ? this.timedPersist(batch, this.options.committed)
      : this.options.persist(batch.work);
    this.runAhead();
    return committed;
  }

  private async timedPersist(batch: Batch, heard: (batch: CommittedBatch) => void) {
    const { work } = batch;
    // Counted before the commit: commands that run ahead meanwhile join the next batch, not this.
    const commands = batch.items.length;
    const orders = work.createdOrders.size;
    const trades = work.trades.length;
    const started = performance.now();
    await this.options.persist(work);
    heard({ commands, orders, trades, seconds: (performance.now() - started) / 1000 });
  }

  /** The books never roll back past the commit just made: only `next`, if any, can. */
  private forgetBefore(next: Batch | null): void {
    this.state.trading.forgetEngineJournal(
      next ? next.engineMark : this.state.trading.engineMark(),
    );
    if (next) next.engineMark = 0;
  }

  private answer(batch: Batch): void {
    const { work } = batch;
    batch.outcomes.forEach((outcome, i) => {
      const q = batch.items[i] as Queued;
      if (outcome.ok) q.resolve(outcome.value);
      else q.reject(outcome.error);
    });
    try {
      work.runAfterCommit();
      this.announceBalances(work);
    } catch (error) {
      this.options.log.error({ err: error }, 'after-commit hook failed');
    }
  }

  /** A batch of a refused one's commands, committed and answered before anything else runs. */
  private async writeAlone(batch: Batch): Promise<void> {
    try {
      await this.begin(batch);
    } catch (error) {
      this.writing = null;
      await this.recover(batch, error);
      return;
    }
    this.writing = null;
    this.forgetBefore(null);
    this.answer(batch);
  }

  private async recover(batch: Batch, error: unknown): Promise<void> {
    const wasRecovering = this.recovering;
    this.recovering = true;
    try {
      const ahead = this.ahead;
      this.ahead = null;
      ahead?.work.rollback(EMPTY_MARK);
      batch.work.rollback(EMPTY_MARK);
      this.state.trading.rollbackEngine(batch.engineMark);
      // They run again, first in line, once the refused batch is settled.
      if (ahead) this.queue.unshift(...ahead.items);
      await this.isolate(batch.items, error);
    } finally {
      this.recovering = wasRecovering;
    }
  }

  private async isolate(items: Queued[], error: unknown): Promise<void> {
    if (items.length === 1) {
      this.options.log.error({ err: error }, 'command refused: the database did not take it');
      (items[0] as Queued).reject(new AppError('INTERNAL', 'The command was not persisted'));
      return;
    }
    this.options.log.warn(
      { err: error, commands: items.length },
      'batch not persisted; running its halves on their own',
    );
    const half = Math.ceil(items.length / 2);
    for (const part of [items.slice(0, half), items.slice(half)]) {
      const again = this.newBatch();
      for (const q of part) this.runInto(again, q);
      await this.writeAlone(again);
    }
  }

  /**
   * Every user whose balance the batch moved hears of it once: which of their spot balances
   * changed, and the moves of them that orders did not make (Binance's `balanceUpdate`).
   */
  private announceBalances(work: UnitOfWork): void {
    const market = this.state.market;
    if (!market) return;
    const spotTokens = new Map<string, string[]>();
    for (const account of work.accounts) {
      if (!account.userId) continue;
      const tokens = spotTokens.get(account.userId) ?? [];
      if (account.walletType === 'spot') tokens.push(account.tokenId);
      spotTokens.set(account.userId, tokens);
    }
    const moves = spotMoves(work.ledger);
    for (const [userId, tokens] of spotTokens)
      market.balancesChanged(userId, { spotTokens: tokens, spotMoves: moves.get(userId) ?? [] });
  }

  /**
   * Runs one command. A refusal (an AppError) or a fault (anything else, logged as a 500) is
   * that command's alone: whatever it had changed is rolled back, books included.
   */
  private run(command: Command<unknown>, work: UnitOfWork): Outcome {
    const engineMark = this.state.trading.engineMark();
    const mark = work.beginCommand();
    try {
      const value = command(this.state, work);
      work.endCommand();
      return { ok: true, value };
    } catch (error) {
      work.rollback(mark);
      this.state.trading.rollbackEngine(engineMark);
      if (error instanceof AppError && error.statusCode < 500) return { ok: false, error };
      this.options.log.error({ err: error }, 'command failed; rolled back');
      return { ok: false, error: new AppError('INTERNAL', 'The command failed') };
    }
  }
}
