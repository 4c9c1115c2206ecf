import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Returns the secret kept in `dir/name`, creating it (owner-only) the first time. */
export async function loadOrCreateSecret(dir: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateSecret(dir, name);
    throw err;
  }
}

/** Keyed hash for short secrets (codes, reset tokens): a leaked table alone cannot check guesses. */
export function keyedHash(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
