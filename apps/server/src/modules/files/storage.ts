import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/env.js';

/** Uploads live in `<DATA_DIR>/uploads`, outside anything served statically, owner-only. */
export function uploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}

/** Writes under a fresh random name and returns that name; a caller's file name is never used. */
export async function writeUpload(dir: string, extension: string, data: Buffer): Promise<string> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}${extension}`;
  await fsp.writeFile(path.join(dir, name), data, { mode: 0o600, flag: 'wx' });
  return name;
}

export async function removeUploads(dir: string, names: string[]): Promise<void> {
  await Promise.allSettled(names.map((name) => fsp.unlink(resolveUpload(dir, name))));
}

export function openUpload(dir: string, name: string): fs.ReadStream {
  return fs.createReadStream(resolveUpload(dir, name));
}

/** Names come from our own table, but a stored name never reaches outside the folder. */
function resolveUpload(dir: string, name: string): string {
  if (path.basename(name) !== name) throw new Error('stored file name with a path');
  return path.join(dir, name);
}
