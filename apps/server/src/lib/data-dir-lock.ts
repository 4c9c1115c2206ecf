import { randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The file that names the one process using a data folder's embedded database (PGlite admits
 * one process: two writing the same files corrupt them, review ops-4 §3).
 */
export const DATA_DIR_LOCK_FILE = 'data-dir.lock';

/** Who holds a data folder: written into the lock file, shown to whoever is refused. */
export interface LockHolder {
  pid: number;
  /** The port it serves on; null for a command-line tool. */
  port: number | null;
  /** What it is: `server`, `audit:ledger`, `admin`. */
  command: string;
  startedAt: string;
  /** The process's start time as the kernel counts it (Linux), to tell a reused PID apart. */
  processStart: string | null;
}

/** What the rule asks of the machine about a process. */
export interface ProcessProbe {
  /** `process.kill(pid, 0)`: false when no such process exists (ESRCH). */
  exists(pid: number): boolean;
  /** The process's start time (Linux `/proc/<pid>/stat` field 22), null when unknown. */
  startOf(pid: number): string | null;
}

/**
 * Whether the lock's holder still runs: its PID exists and, when both start times are known, it
 * is the same process that wrote the lock (a PID is reused after a reboot or a container's
 * restart, where the server is often PID 1 again). A lock whose holder is gone is stale and
 * taken over; kill -9 leaves one.
 */
export function holderRuns(holder: LockHolder, probe: ProcessProbe): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  if (!probe.exists(holder.pid)) return false;
  const start = holder.processStart === null ? null : probe.startOf(holder.pid);
  return start === null || start === holder.processStart;
}

/** The refusal shown when another process holds the folder: who, and what to do instead. */
export function busyMessage(dir: string, holder: LockHolder, instead: string): string {
  const port = holder.port === null ? 'no port' : `port ${holder.port}`;
  return (
    `${dir} is in use by ${holder.command} (PID ${holder.pid}, ${port}, since ${holder.startedAt}): ` +
    `the embedded database admits one process, so nothing was opened or written. ${instead}`
  );
}

export class DataDirBusy extends Error {
  constructor(
    readonly holder: LockHolder,
    message: string,
  ) {
    super(message);
  }
}

const linuxProbe: ProcessProbe = {
  exists(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      // EPERM: it runs, under another account.
      return (err as NodeJS.ErrnoException).code !== 'ESRCH';
    }
  },
  startOf(pid) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state is field 3, starttime field 22.
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
    } catch {
      return null;
    }
  },
};

const lockPath = (dir: string) => path.join(dir, DATA_DIR_LOCK_FILE);

async function readHolder(file: string): Promise<LockHolder | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return JSON.parse(text) as LockHolder;
  } catch {
    // Unreadable: not a lock any process of ours wrote whole (it appears whole, by link).
    return { pid: 0, port: null, command: 'unknown', startedAt: '?', processStart: null };
  }
}

/** The process holding `dir` now, or null when none does (no lock, or a stale one). */
export async function liveHolder(
  dir: string,
  probe: ProcessProbe = linuxProbe,
): Promise<LockHolder | null> {
  const holder = await readHolder(lockPath(dir));
  return holder && holderRuns(holder, probe) ? holder : null;
}

export interface DataDirLock {
  readonly holder: LockHolder;
  /** Removes the lock file if it is still this one's (idempotent; safe in an exit handler). */
  release(): void;
}

/**
 * Takes `dir` for this process, or throws `DataDirBusy` (with `instead` in its message) when a
 * running process holds it. The lock file appears whole (written aside, then hard-linked into
 * place: the link fails if one exists); a stale one is removed under a take-over guard (a
 * directory, made atomically) so that two processes finding it stale never both take it.
 */
export async function lockDataDir(
  dir: string,
  who: { command: string; port: number | null; instead: string },
  probe: ProcessProbe = linuxProbe,
): Promise<DataDirLock> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = lockPath(dir);
  const holder: LockHolder = {
    pid: process.pid,
    port: who.port,
    command: who.command,
    startedAt: new Date().toISOString(),
    processStart: probe.startOf(process.pid),
  };
  const text = JSON.stringify(holder);
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await linkInPlace(file, text)) return heldLock(file, holder, text);
    const existing = await readHolder(file);
    if (existing && holderRuns(existing, probe))
      throw new DataDirBusy(existing, busyMessage(dir, existing, who.instead));
    if (existing) await removeStale(file, existing, probe);
  }
  throw new Error(`Could not take the lock ${file}: another process keeps taking it over`);
}

async function linkInPlace(file: string, text: string): Promise<boolean> {
  const temp = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(temp, text, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** A guard left by a process killed while taking over is itself stale after this long. */
const GUARD_STALE_MS = 10_000;

async function removeStale(file: string, stale: LockHolder, probe: ProcessProbe): Promise<void> {
  const guard = `${file}.takeover`;
  try {
    await fs.mkdir(guard, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const made = await fs.stat(guard).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - made > GUARD_STALE_MS) await fs.rm(guard, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 100));
    return;
  }
  try {
    // Still the same stale holder (no one took over between our read and the guard)?
    const now = await readHolder(file);
    if (now && JSON.stringify(now) === JSON.stringify(stale) && !holderRuns(now, probe))
      await fs.rm(file, { force: true });
  } finally {
    await fs.rm(guard, { recursive: true, force: true });
  }
}

function heldLock(file: string, holder: LockHolder, text: string): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      if (readFileSync(file, 'utf8') === text) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  // A clean exit (process.exit after a signal's shutdown) leaves no lock; kill -9 does.
  process.once('exit', release);
  return { holder, release };
}
