import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/env.js';

/** Uploads live in `<DATA_DIR>/uploads`, outside anything served statically, owner-only. */
export function uploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

/** A fresh random name; a caller's file name is never used. */
export function newUploadName(extension: string): string {
  return `${randomBytes(16).toString('hex')}${extension}`;
}

export async function writeUpload(dir: string, name: string, data: Buffer): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  await fsp.writeFile(resolveUpload(dir, name), data, { mode: 0o600, flag: 'wx' });
}

export async function removeUploads(dir: string, names: string[]): Promise<void> {
  await Promise.allSettled(names.map((name) => fsp.unlink(resolveUpload(dir, name))));
}

export function readUpload(dir: string, name: string): Promise<Buffer> {
  return fsp.readFile(resolveUpload(dir, name));
}

/** Names come from our own table, but a stored name never reaches outside the folder. */
function resolveUpload(dir: string, name: string): string {
  if (path.basename(name) !== name) throw new Error('stored file name with a path');
  return path.join(dir, name);
}
