import { describe, expect, it } from 'vitest';
import { BoundedPool, PoolFullError } from './bounded-pool.js';

/** A task that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened };
}

describe('BoundedPool', () => {
  it('runs `concurrency` tasks, lines up `waiting` more in order and refuses the next', async () => {
    const pool = new BoundedPool({ concurrency: 2, waiting: 2 });
    const gates = [gate(), gate()];
    const order: number[] = [];
    const running = gates.map((g) => pool.run(g.task));
    const lined = [3, 4].map((n) => pool.run(async () => void order.push(n)));
    expect([pool.running, pool.queued]).toEqual([2, 2]);
    await expect(pool.run(async () => 'late')).rejects.toBeInstanceOf(PoolFullError);

    gates[0]!.open();
    gates[1]!.open();
    await Promise.all([...running, ...lined]);
    expect(order).toEqual([3, 4]);
    expect([pool.running, pool.queued]).toEqual([0, 0]);
    expect(await pool.run(async () => 'again')).toBe('again');
  });

  it('frees the turn of a task that fails', async () => {
    const pool = new BoundedPool({ concurrency: 1, waiting: 0 });
    await expect(pool.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad');
    expect(await pool.run(async () => 1)).toBe(1);
  });
});
