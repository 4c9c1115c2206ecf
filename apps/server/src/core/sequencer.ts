import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { CoreState } from './core-state.js';
import { UnitOfWork } from './unit-of-work.js';

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
  /** Rebuilds the state from the database after a batch could not be made durable. */
  reload(): Promise<void>;
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

  private async runBatch(batch: Queued[]): Promise<void> {
    const work = new UnitOfWork(this.options.now());
    let outcomes: Outcome[];
    try {
      outcomes = batch.map((q) => this.run(q.command, work));
      if (!work.isEmpty) await this.options.persist(work);
    } catch (error) {
      // Memory may now be ahead of the database: refuse the whole batch and rebuild.
      this.options.log.error(
        { err: error },
        'batch failed; rebuilding core state from the database',
      );
      for (const q of batch) q.reject(new AppError('UNAVAILABLE', 'The batch was not persisted'));
      await this.reloadUntilDone();
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

  /** Every user whose balance the batch moved hears of it once. */
  private announceBalances(work: UnitOfWork): void {
    const market = this.state.market;
    if (!market) return;
    const users = new Set<string>();
    for (const account of work.accounts) if (account.userId) users.add(account.userId);
    for (const userId of users) market.balancesChanged(userId);
  }

  /** Business refusals are per command; anything else fails the batch. */
  private run(command: Command<unknown>, work: UnitOfWork): Outcome {
    work.beginCommand();
    try {
      const value = command(this.state, work);
      work.endCommand();
      return { ok: true, value };
    } catch (error) {
      // A refusal after money moved would leave memory ahead of the ledger: fail the batch.
      if (error instanceof AppError && !work.abortCommand()) return { ok: false, error };
      throw error;
    }
  }

  private async reloadUntilDone(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.reload();
        return;
      } catch (error) {
        this.options.log.error({ err: error, attempt }, 'core reload failed');
        await new Promise((r) => setTimeout(r, Math.min(5000, 100 * attempt)));
      }
    }
  }
}
