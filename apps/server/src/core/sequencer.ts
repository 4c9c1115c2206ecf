import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { CoreState } from './core-state.js';
import { UnitOfWork, type WorkMark } from './unit-of-work.js';

const EMPTY_MARK: WorkMark = { undo: 0, trades: 0, deductions: 0, adminActions: 0, committed: 0 };

/**
 * A command runs inside the single writer. It must be synchronous, check everything before it
 * changes anything, and signal a refusal by throwing an AppError before its first change.
 */
export type Command<T> = (state: CoreState, work: UnitOfWork) => T;

interface Queued {
  command: Command<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: AppError };

export interface SequencerOptions {
  /** Writes a batch's effects in one database transaction. */
  persist(work: UnitOfWork): Promise<void>;
  log: FastifyBaseLogger;
  now(): Date;
  maxBatch?: number;
}

/**
 * The one writer for everything that moves money or changes a book. Commands run one at a time
 * against in-memory state; the effects of a batch are committed in one transaction and only
 * then is any command in it acknowledged. Commands that arrive while a batch commits form the
 * next batch, so commits are grouped under load without a timer.
 */
export class Sequencer {
  private queue: Queued[] = [];
  private running: Promise<void> | null = null;
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
    });
  }

  /** Resolves once every command submitted so far is acknowledged or refused. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Yield once so commands submitted in the same tick join the first batch.
    await Promise.resolve();
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        await this.runBatch(batch);
      }
    } finally {
      // Synchronously after the last empty-queue check: a later submit starts a new drain.
      this.running = null;
    }
  }

  /**
   * Runs a batch and commits it. If the database refuses the batch, its effects are rolled back
   * in memory and its halves are run again on their own, down to the one command the database
   * refuses, which alone is refused (500, logged); the others commit. The core is never rebuilt.
   */
  private async runBatch(batch: Queued[]): Promise<void> {
    const engineMark = this.state.trading.engineMark(true);
    const work = new UnitOfWork(this.options.now());
    const outcomes = batch.map((q) => this.run(q.command, work));
    try {
      if (!work.isEmpty) await this.options.persist(work);
    } catch (error) {
      work.rollback(EMPTY_MARK);
      this.state.trading.rollbackEngine(engineMark);
      await this.isolate(batch, error);
      return;
    }
    outcomes.forEach((outcome, i) => {
      const q = batch[i] as Queued;
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

  private async isolate(batch: Queued[], error: unknown): Promise<void> {
    if (batch.length === 1) {
      this.options.log.error({ err: error }, 'command refused: the database did not take it');
      (batch[0] as Queued).reject(new AppError('INTERNAL', 'The command was not persisted'));
      return;
    }
    this.options.log.warn(
      { err: error, commands: batch.length },
      'batch not persisted; running its halves on their own',
    );
    const half = Math.ceil(batch.length / 2);
    await this.runBatch(batch.slice(0, half));
    await this.runBatch(batch.slice(half));
  }

  /** Every user whose balance the batch moved hears of it once. */
  private announceBalances(work: UnitOfWork): void {
    const market = this.state.market;
    if (!market) return;
    const users = new Set<string>();
    for (const account of work.accounts) if (account.userId) users.add(account.userId);
    for (const userId of users) market.balancesChanged(userId);
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
