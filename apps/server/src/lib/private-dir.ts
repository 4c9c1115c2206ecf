import fs from 'node:fs/promises';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

const OTHERS = 0o077;

/**
 * Makes `dir` and everything in it owner-only, and keeps it so: from here on this process creates
 * files without group or world access (umask 077), the embedded database's included, which
 * PGlite would otherwise create world-writable. Existing entries lose their group and world
 * bits. A secret (`secrets`, relative paths: files, or folders whose every file is one) that
 * others could already read is refused instead: it may have been read, so it must be replaced,
 * not quietly fixed.
 */
export async function securePrivateDir(dir: string, secrets: readonly string[]): Promise<void> {
  // Worker threads share the process's umask and may not set it.
  if (isMainThread) process.umask(OTHERS);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  for (const secret of secrets) await refuseExposed(path.join(dir, secret));
  await restrict(dir);
}

async function refuseExposed(file: string): Promise<void> {
  const stat = await fs.lstat(file).catch(() => null);
  if (!stat) return;
  if (stat.isDirectory()) {
    for (const entry of await fs.readdir(file)) await refuseExposed(path.join(file, entry));
    return;
  }
  if (stat.mode & OTHERS) {
    const mode = (stat.mode & 0o777).toString(8);
    throw new Error(
      `${file} is readable by other accounts on this machine (mode ${mode}): replace the secret ` +
        `(or, if nobody else could have read it, chmod 600 it), then start again`,
    );
  }
}

/** Drops group and world bits below `entry`; symbolic links are left alone. */
async function restrict(entry: string): Promise<void> {
  const stat = await fs.lstat(entry);
  if (stat.isSymbolicLink()) return;
  if (stat.mode & OTHERS) await fs.chmod(entry, stat.mode & 0o700);
  if (!stat.isDirectory()) return;
  for (const child of await fs.readdir(entry)) await restrict(path.join(entry, child));
}
