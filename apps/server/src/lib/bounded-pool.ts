import { AppError } from './app-error.js';

export interface PoolLimits {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks that may wait for a turn; one more is refused at once. */
  waiting: number;
}

/** Thrown by `BoundedPool.run` when every turn is taken and the line is full. */
export class PoolFullError extends Error {
  constructor() {
    super('pool full');
    this.name = 'PoolFullError';
  }
}

/**
 * At most `concurrency` tasks at once and `waiting` in line, first come first served; past that
 * a task is refused at once, so a flood costs its senders refusals instead of costing everyone
 * else memory and time.
 */
export class BoundedPool {
  #running = 0;
  readonly #line: Array<() => void> = [];

  constructor(readonly limits: PoolLimits) {}

  get running(): number {
    return this.#running;
  }

  get queued(): number {
    return this.#line.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.limits.concurrency) this.#running += 1;
    else if (this.#line.length < this.limits.waiting) {
      // The finishing task hands its turn over, so `running` stays counted.
      await new Promise<void>((resolve) => this.#line.push(resolve));
    } else throw new PoolFullError();
    try {
      return await task();
    } finally {
      const next = this.#line.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

/** Runs `task` in the pool's turn; a full pool is 503 "Please try again": the request changed nothing. */
export async function inTurn<T>(pool: BoundedPool, task: () => Promise<T>): Promise<T> {
  try {
    return await pool.run(task);
  } catch (err) {
    if (err instanceof PoolFullError) throw new AppError('UNAVAILABLE', 'pool full');
    throw err;
  }
}
