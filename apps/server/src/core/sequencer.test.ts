import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { CoreState } from './core-state.js';
import { Sequencer, type Command } from './sequencer.js';
import type { UnitOfWork } from './unit-of-work.js';

function sequencer(persist: (work: UnitOfWork) => Promise<void>, state = new CoreState()) {
  return new Sequencer(state, {
    persist,
    log: pino({ level: 'silent' }),
    now: () => new Date(),
  });
}

/** A command with an effect, so its batch is persisted; `targetId` names it in the batch. */
const effect = (work: UnitOfWork, targetId = 't') =>
  work.recordAdminAction({
    adminId: 'a',
    ip: '127.0.0.1',
    action: 'deposit.confirmed',
    targetType: 'deposit',
    targetId,
    userId: null,
    before: null,
    after: null,
  });

/** Moves `amount` from a funded deposits account to user `u`'s funding wallet. */
const credit =
  (u: string, amount: bigint): Command<void> =>
  (state, work) => {
    work.post('deposit', u, [
      { account: state.accounts.system('deposits', 'USDT'), bucket: 'available', amount: -amount },
      { account: state.accounts.user(u, 'USDT', 'funding'), bucket: 'available', amount },
    ]);
  };

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

  it('rolls back a refused command after it moved money; the rest of the batch commits', async () => {
    const state = new CoreState();
    const s = sequencer(async () => {}, state);
    const results = await Promise.allSettled([
      s.submit(credit('alice', 5n)),
      s.submit((st, work) => {
        credit('bob', 7n)(st, work);
        work.setEntry(st.pendingWithdrawals, 'w', {} as never);
        throw new AppError('BAD_REQUEST', 'refused after moving money');
      }),
      s.submit(() => {
        throw new Error('a fault, not a refusal');
      }),
      s.submit(credit('carol', 3n)),
    ]);
    expect(
      results.map((r) => (r.status === 'rejected' ? (r.reason as AppError).statusCode : 'ok')),
    ).toEqual(['ok', 400, 500, 'ok']);
    const funding = (u: string) => state.accounts.user(u, 'USDT', 'funding').available;
    expect([funding('alice'), funding('bob'), funding('carol')]).toEqual([5n, 0n, 3n]);
    expect(state.pendingWithdrawals.size).toBe(0);
  });

  it('refuses only the commands the database does not take; the others commit without a rebuild', async () => {
    const state = new CoreState();
    const committed: string[] = [];
    const s = sequencer(async (work) => {
      const ids = work.adminActions.map((a) => a.targetId);
      if (ids.some((id) => id.startsWith('poison'))) throw new Error('numeric field overflow');
      committed.push(...ids);
    }, state);
    const ids = Array.from({ length: 200 }, (_, i) => (i % 67 === 5 ? `poison${i}` : `good${i}`));
    const results = await Promise.allSettled(
      ids.map((id) =>
        s.submit((st, work) => {
          credit(id, 1n)(st, work);
          effect(work, id);
        }),
      ),
    );
    const refused = ids.filter((_, i) => results[i]?.status === 'rejected');
    expect(refused).toEqual(['poison5', 'poison72', 'poison139']);
    for (const [i, r] of results.entries())
      if (r.status === 'rejected') expect((r.reason as AppError).statusCode, ids[i]).toBe(500);
    expect(committed.sort()).toEqual(ids.filter((id) => id.startsWith('good')).sort());
    // Memory holds what the database holds: the poison commands' money was rolled back.
    expect(state.accounts.user('poison5', 'USDT', 'funding').available).toBe(0n);
    expect(state.accounts.user('good6', 'USDT', 'funding').available).toBe(1n);
    expect(state.accounts.system('deposits', 'USDT').available).toBe(-197n);
  });

  it('refuses every command, and changes nothing, while the database is down', async () => {
    const state = new CoreState();
    const s = sequencer(async () => {
      throw new Error('connection refused');
    }, state);
    const results = await Promise.allSettled([
      s.submit(credit('a', 1n)),
      s.submit(credit('b', 2n)),
    ]);
    expect(
      results.map((r) => (r.status === 'rejected' ? (r.reason as AppError).statusCode : 'ok')),
    ).toEqual([500, 500]);
    expect(state.accounts.system('deposits', 'USDT').available).toBe(0n);
  });
  it('runs commands that arrive while a batch commits at once, and answers them after their own commit', async () => {
    const state = new CoreState();
    const gates: (() => void)[] = [];
    const written: number[] = [];
    const s = sequencer(async (work) => {
      written.push(work.ledger.length);
      await new Promise<void>((r) => gates.push(r));
    }, state);
    const answered: string[] = [];
    const first = s.submit(credit('a', 1n)).then(() => answered.push('a'));
    await new Promise((r) => setTimeout(r, 5));
    const later = [
      s.submit(credit('b', 2n)).then(() => answered.push('b')),
      s.submit(credit('c', 3n)).then(() => answered.push('c')),
    ];
    await new Promise((r) => setTimeout(r, 5));
    // b and c ran against memory while a's batch commits, but nothing is answered.
    const funding = (u: string) => state.accounts.user(u, 'USDT', 'funding').available;
    expect([funding('b'), funding('c')]).toEqual([2n, 3n]);
    expect(answered).toEqual([]);
    expect(written).toEqual([1]);
    gates.shift()?.();
    await first;
    await new Promise((r) => setTimeout(r, 5));
    // Their batch went to the database as soon as a's commit ended; still not answered.
    expect(written).toEqual([1, 2]);
    expect(answered).toEqual(['a']);
    gates.shift()?.();
    await Promise.all(later);
    expect(answered).toEqual(['a', 'b', 'c']);
  });

  it('sends the next commit before it answers the batch that committed', async () => {
    const events: string[] = [];
    const gates: (() => void)[] = [];
    const s = sequencer(async (work) => {
      events.push(`write ${work.ledger.map((t) => t.reference).join()}`);
      await new Promise<void>((r) => gates.push(r));
    });
    const first = s.submit(credit('a', 1n)).then(() => events.push('answer a'));
    await new Promise((r) => setTimeout(r, 5));
    const later = s.submit(credit('b', 2n)).then(() => events.push('answer b'));
    await new Promise((r) => setTimeout(r, 5));
    gates.shift()?.();
    await first;
    // b's commit was on its way before a's caller heard back.
    expect(events).toEqual(['write a', 'write b', 'answer a']);
    gates.shift()?.();
    await later;
    expect(events.at(-1)).toBe('answer b');
  });

  it('runs again the commands that ran ahead of a batch the database refused; memory holds what committed', async () => {
    const state = new CoreState();
    const committed: string[] = [];
    let refuse!: (error: Error) => void;
    const s = sequencer((work) => {
      const refs = work.ledger.map((t) => t.reference);
      if (refs.includes('poison') && refs.length > 1)
        return new Promise<void>((_, reject) => (refuse = reject));
      if (refs.includes('poison')) return Promise.reject(new Error('numeric field overflow'));
      committed.push(...refs);
      return Promise.resolve();
    }, state);
    const first = [s.submit(credit('good1', 1n)), s.submit(credit('poison', 5n))];
    await new Promise((r) => setTimeout(r, 5));
    const ahead = [s.submit(credit('good2', 2n)), s.submit(credit('good3', 3n))];
    await new Promise((r) => setTimeout(r, 5));
    expect(state.accounts.user('good3', 'USDT', 'funding').available).toBe(3n);
    refuse(new Error('numeric field overflow'));
    const results = await Promise.allSettled([...first, ...ahead]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(committed.sort()).toEqual(['good1', 'good2', 'good3']);
    const funding = (u: string) => state.accounts.user(u, 'USDT', 'funding').available;
    expect([funding('good1'), funding('poison'), funding('good2'), funding('good3')]).toEqual([
      1n,
      0n,
      2n,
      3n,
    ]);
    expect(state.accounts.system('deposits', 'USDT').available).toBe(-6n);
  });

  it('runs nothing ahead of a batch with records', async () => {
    const state = new CoreState();
    let release!: () => void;
    const s = sequencer(async (work) => {
      if (work.adminActions.length > 0) await new Promise<void>((r) => (release = r));
    }, state);
    const withRecord = s.submit((_, work) => effect(work));
    await new Promise((r) => setTimeout(r, 5));
    const next = s.submit(credit('b', 2n));
    await new Promise((r) => setTimeout(r, 5));
    expect(state.accounts.user('b', 'USDT', 'funding').available).toBe(0n);
    release();
    await Promise.all([withRecord, next]);
    expect(state.accounts.user('b', 'USDT', 'funding').available).toBe(2n);
  });
});
