import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  busyMessage,
  DATA_DIR_LOCK_FILE,
  DataDirBusy,
  holderRuns,
  liveHolder,
  lockDataDir,
  type LockHolder,
  type ProcessProbe,
} from './data-dir-lock.js';

const holder = (over: Partial<LockHolder> = {}): LockHolder => ({
  pid: 4242,
  port: 3000,
  command: 'server',
  startedAt: '2026-11-29T10:00:00.000Z',
  processStart: '1000',
  ...over,
});

/** A machine on which only `running` (PID → start time) exist. */
const machine = (running: Record<number, string | null>): ProcessProbe => ({
  exists: (pid) => pid in running,
  startOf: (pid) => running[pid] ?? null,
});

describe('holderRuns', () => {
  it('holds while the same process runs', () => {
    expect(holderRuns(holder(), machine({ 4242: '1000' }))).toBe(true);
  });

  it('is stale once the PID is gone (kill -9 leaves the file)', () => {
    expect(holderRuns(holder(), machine({}))).toBe(false);
  });

  it('is stale when the PID now names another process (reused after a restart)', () => {
    expect(holderRuns(holder(), machine({ 4242: '2000' }))).toBe(false);
  });

  it('trusts the PID alone when a start time is unknown on either side', () => {
    expect(holderRuns(holder({ processStart: null }), machine({ 4242: '2000' }))).toBe(true);
    expect(holderRuns(holder(), machine({ 4242: null }))).toBe(true);
  });

  it('never counts a PID of 0 or less as running (kill(0) would signal our own group)', () => {
    expect(holderRuns(holder({ pid: 0 }), machine({ 0: '1000' }))).toBe(false);
    expect(holderRuns(holder({ pid: -1 }), machine({ [-1]: '1000' }))).toBe(false);
  });
});

describe('busyMessage', () => {
  it('names the holder, its PID and port, and what to do instead', () => {
    const text = busyMessage('/srv/data', holder(), 'Stop it first.');
    expect(text).toContain('/srv/data is in use by server (PID 4242, port 3000');
    expect(text).toContain('nothing was opened or written');
    expect(text).toContain('Stop it first.');
    expect(busyMessage('/d', holder({ port: null, command: 'admin' }), '')).toContain(
      'admin (PID 4242, no port',
    );
  });
});

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'data-dir-lock-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));
  const lockFile = () => path.join(dir, DATA_DIR_LOCK_FILE);
  const who = { command: 'server', port: 41001, instead: 'Use the running one.' };

  it('writes who holds it, refuses a second taker naming the holder, and frees it on release', async () => {
    const lock = await lockDataDir(dir, who);
    expect(JSON.parse(await fs.readFile(lockFile(), 'utf8'))).toMatchObject({
      pid: process.pid,
      port: 41001,
      command: 'server',
    });
    expect(await liveHolder(dir)).toMatchObject({ pid: process.pid });
    const second = await lockDataDir(dir, { ...who, command: 'admin', port: null }).catch(
      (err: unknown) => err,
    );
    expect(second).toBeInstanceOf(DataDirBusy);
    expect((second as Error).message).toContain(`PID ${process.pid}, port 41001`);
    expect((second as Error).message).toContain('Use the running one.');
    // The refused taker left the holder's file as it was.
    expect(JSON.parse(await fs.readFile(lockFile(), 'utf8')).command).toBe('server');
    lock.release();
    lock.release();
    await expect(fs.access(lockFile())).rejects.toThrow();
    expect(await liveHolder(dir)).toBeNull();
  });

  it("takes over a dead process's lock, and an unreadable one", async () => {
    await fs.writeFile(lockFile(), JSON.stringify(holder({ pid: 4242 })));
    const dead = machine({ [process.pid]: '1' });
    expect(await liveHolder(dir, dead)).toBeNull();
    const lock = await lockDataDir(dir, who, dead);
    expect(JSON.parse(await fs.readFile(lockFile(), 'utf8')).pid).toBe(process.pid);
    lock.release();
    await fs.writeFile(lockFile(), 'half a lo');
    (await lockDataDir(dir, who)).release();
    await expect(fs.access(lockFile())).rejects.toThrow();
  });

  it('lets exactly one of many processes racing over a stale lock take it', async () => {
    await fs.writeFile(lockFile(), JSON.stringify(holder({ pid: 4242 })));
    const probe = machine({ [process.pid]: '1' });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => lockDataDir(dir, who, probe)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirBusy);
    (won[0] as PromiseFulfilledResult<{ release(): void }>).value.release();
  });

  it('does not remove a lock someone else holds now when releasing', async () => {
    const lock = await lockDataDir(dir, who);
    await fs.writeFile(lockFile(), JSON.stringify(holder({ pid: process.pid, port: 1 })));
    lock.release();
    expect(JSON.parse(await fs.readFile(lockFile(), 'utf8')).port).toBe(1);
  });
});
