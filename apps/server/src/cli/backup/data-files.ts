import fs from 'node:fs/promises';
import { DATA_DIR_LOCK_FILE } from '../../lib/data-dir-lock.js';
import path from 'node:path';
import type { ArchiveEntry } from '../../lib/sealed-archive.js';

/** The entry of a DATA_DIR file in a backup: `data/<path inside DATA_DIR>`. */
const DATA_PREFIX = 'data/';

/**
 * Whether a DATA_DIR path travels in a backup. Everything does (the secrets, `uploads/`, the demo
 * accounts, the dev outbox) except the embedded database's folder, whose consistent copy is the
 * backup's `database` entry, and a running process's lock, pid and half-written temp files.
 */
export function travels(relative: string): boolean {
  const [top] = relative.split(path.sep);
  if (top === 'pglite') return false;
  return !/\.(lock|pid|tmp)$/.test(path.basename(relative));
}

/** DATA_DIR's files that travel, as backup entries (regular files only; links are not followed). */
export async function readDataFiles(dataDir: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  const walk = async (relative: string): Promise<void> => {
    const dirents = await fs.readdir(path.join(dataDir, relative), { withFileTypes: true });
    for (const dirent of dirents.sort((a, b) => a.name.localeCompare(b.name))) {
      const inner = path.join(relative, dirent.name);
      if (!travels(inner)) continue;
      if (dirent.isDirectory()) await walk(inner);
      else if (dirent.isFile())
        entries.push({
          name: DATA_PREFIX + inner.split(path.sep).join('/'),
          data: await fs.readFile(path.join(dataDir, inner)),
        });
    }
  };
  await walk('');
  return entries;
}

/**
 * Where a backup entry's file goes under DATA_DIR; null for an entry that is no data file. An
 * entry naming a path outside DATA_DIR (`..`, absolute) is refused: the file may not be ours.
 */
export function dataFileTarget(dataDir: string, name: string): string | null {
  if (!name.startsWith(DATA_PREFIX)) return null;
  const relative = name.slice(DATA_PREFIX.length);
  const target = path.resolve(dataDir, relative);
  const inside = path.relative(dataDir, target);
  if (!relative || inside.startsWith('..') || path.isAbsolute(inside) || !travels(inside))
    throw new Error(`The backup names a file outside the data folder: ${name}`);
  return target;
}

/** Writes the backup's data files, owner-only, into DATA_DIR. */
export async function writeDataFiles(dataDir: string, entries: ArchiveEntry[]): Promise<number> {
  let written = 0;
  for (const entry of entries) {
    const target = dataFileTarget(dataDir, entry.name);
    if (!target) continue;
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.writeFile(target, entry.data, { mode: 0o600, flag: 'wx' });
    written++;
  }
  return written;
}

/** True when `dir` does not exist or holds nothing: the only folder a restore writes into. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    // The restore's own lock on the folder is not data.
    return (await fs.readdir(dir)).every((name) => name === DATA_DIR_LOCK_FILE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}
