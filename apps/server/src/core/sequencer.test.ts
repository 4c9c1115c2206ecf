import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { CoreState } from './core-state.js';
import { Sequencer } from './sequencer.js';
import type { UnitOfWork } from './unit-of-work.js';

function sequencer(persist: (work: UnitOfWork) => Promise<void>, reload = async () => {}) {
  return new Sequencer(new CoreState(), {
    persist,
    reload,
    log: pino({ level: 'silent' }),
    now: () => new Date(),
  });
}

/** A command with an effect, so its batch is persisted. */
const effect = (work: UnitOfWork) =>
  work.recordAdminAction({
    adminId: 'a',
    action: 'test',
    targetType: 'deposit',
    targetId: 't',
    detail: {},
  });

describe('Sequencer', () => {
  it('runs a command submitted while the previous drain is finishing (no lost wake-up)', async () => {
    const s = sequencer(() => new Promise((r) => setTimeout(r, 1)));
    const timeout = () => new Promise((r) => setTimeout(() => r('stuck'), 1000));
    // Submit the next command a few microtasks after the previous one is acknowledged: one of
    // these lands between the drain's last look at the queue and the moment it stops.
    for (let hops = 0; hops < 8; hops++) {
      await s.submit((_, work) => effect(work));
      for (let i = 0; i < hops; i++) await Promise.resolve();
      expect(
        await Promise.race([s.submit((_, work) => effect(work)).then(() => 'ran'), timeout()]),
      ).toBe('ran');
    }
  });

  it('acknowledges nothing before the batch is durable and groups concurrent commands', async () => {
    const batches: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const s = sequencer(async (work) => {
      batches.push(work.adminActions.length);
      await gate;
    });
    let acknowledged = 0;
    const all = Array.from({ length: 10 }, () =>
      s.submit((_, work) => effect(work)).then(() => acknowledged++),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(acknowledged).toBe(0);
    release();
    await Promise.all(all);
    expect(acknowledged).toBe(10);
    expect(batches).toEqual([10]);
  });

  it('refuses one command without failing the others in its batch', async () => {
    const s = sequencer(async () => {});
    const results = await Promise.allSettled([
      s.submit((_, work) => effect(work)),
      s.submit(() => {
        throw new AppError('BAD_REQUEST', 'no');
      }),
      s.submit(() => 'ok'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('refuses the whole batch and rebuilds when the commit fails', async () => {
    let reloads = 0;
    const s = sequencer(
      async () => {
        throw new Error('disk full');
      },
      async () => {
        reloads++;
      },
    );
    const results = await Promise.allSettled([
      s.submit((_, work) => effect(work)),
      s.submit(() => 'no effect'),
    ]);
    expect(
      results.map((r) => (r.status === 'rejected' ? (r.reason as AppError).statusCode : 'ok')),
    ).toEqual([503, 503]);
    expect(reloads).toBe(1);
  });
});
