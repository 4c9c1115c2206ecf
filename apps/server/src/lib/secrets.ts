import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where the operator tools' token lives under DATA_DIR (modules/ops, cli/audit-ledger). */
export const OPS_TOKEN_PATH = ['secrets', 'ops-token'] as const;

/** Returns the secret kept in `dir/name`, creating it (owner-only) the first time. */
export async function loadOrCreateSecret(dir: string, name: string): Promise<string> {
  const { value } = await loadOrCreateSecretFile(path.join(dir, name), () =>
    randomBytes(48).toString('base64url'),
  );
  return value;
}

/**
 * The content of an owner-only secret file, created with `generate()` the first time. It is
 * written to a private temp file and hard-linked into place, so it appears whole or not at all:
 * two processes starting together never read a half-written secret or keep two different ones.
 */
export async function loadOrCreateSecretFile(
  file: string,
  generate: () => string,
): Promise<{ value: string; created: boolean }> {
  const existing = await readIfExists(file);
  if (existing !== null) return { value: existing.trim(), created: false };
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = generate();
  const temp = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(temp, value, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temp, file);
    return { value, created: true };
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return loadOrCreateSecretFile(file, generate);
    throw err;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** The trimmed content of a secret file the operator put in place, or null when there is none. */
export async function readSecretFile(file: string): Promise<string | null> {
  return (await readIfExists(file))?.trim() || null;
}

async function readIfExists(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
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
