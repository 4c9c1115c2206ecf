import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  dataFileTarget,
  isEmptyDir,
  readDataFiles,
  travels,
  writeDataFiles,
} from './data-files.js';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'data-files-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

describe('DATA_DIR files in a backup', () => {
  it('carries secrets and uploads, never the embedded database folder, locks or temp files', () => {
    expect(travels('jwt-secret')).toBe(true);
    expect(travels(path.join('secrets', 'hd-seed'))).toBe(true);
    expect(travels(path.join('uploads', 'ab', 'image'))).toBe(true);
    expect(travels(path.join('pglite', 'base', '1'))).toBe(false);
    expect(travels('data-dir.lock')).toBe(false);
    expect(travels(path.join('secrets', 'ops-token.1234.tmp'))).toBe(false);
  });

  it('refuses an entry that would land outside DATA_DIR', () => {
    expect(() => dataFileTarget('/srv/data', 'data/../etc/passwd')).toThrow(/outside/);
    expect(() => dataFileTarget('/srv/data', 'data/pglite/PG_VERSION')).toThrow(/outside/);
    expect(dataFileTarget('/srv/data', 'database')).toBeNull();
    expect(dataFileTarget('/srv/data', 'data/secrets/ops-token')).toBe(
      '/srv/data/secrets/ops-token',
    );
  });

  it('reads a folder and writes it back elsewhere, owner-only', async () => {
    const from = await tempDir();
    await fs.mkdir(path.join(from, 'secrets'));
    await fs.mkdir(path.join(from, 'pglite'));
    await fs.writeFile(path.join(from, 'jwt-secret'), 'jwt');
    await fs.writeFile(path.join(from, 'secrets', 'ops-token'), 'ops');
    await fs.writeFile(path.join(from, 'pglite', 'PG_VERSION'), '17');
    const entries = await readDataFiles(from);
    expect(entries.map((e) => e.name)).toEqual(['data/jwt-secret', 'data/secrets/ops-token']);

    const to = path.join(await tempDir(), 'restored');
    expect(await isEmptyDir(to)).toBe(true);
    expect(
      await writeDataFiles(to, [...entries, { name: 'database', data: Buffer.from('x') }]),
    ).toBe(2);
    expect(await fs.readFile(path.join(to, 'secrets', 'ops-token'), 'utf8')).toBe('ops');
    expect((await fs.stat(path.join(to, 'jwt-secret'))).mode & 0o077).toBe(0);
    expect(await isEmptyDir(to)).toBe(false);
  });

  it("counts a folder holding only the restore's own lock as empty", async () => {
    const dir = await tempDir();
    await fs.writeFile(path.join(dir, 'data-dir.lock'), '{}');
    expect(await isEmptyDir(dir)).toBe(true);
    await fs.writeFile(path.join(dir, 'jwt-secret'), 'x');
    expect(await isEmptyDir(dir)).toBe(false);
  });
});
