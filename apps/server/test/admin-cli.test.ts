import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../src/modules/admin/service.js';
import { get, loginToken, post, registration, uniqueEmail } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const ADMIN_PASSWORD = 'Admin1Password';

describe.each(BACKENDS)('create-admin on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('creates a verified admin that can log in', async () => {
    const email = uniqueEmail('admin');
    expect(await createAdmin(t.database.db, email, ADMIN_PASSWORD, new Date())).toBe('created');
    const profile = await get(t, '/users', await loginToken(t, email, ADMIN_PASSWORD));
    expect(profile.json().data).toMatchObject({ email, role: 'admin', is_verified: true });
  });

  it('promotes an existing unverified account', async () => {
    const email = uniqueEmail();
    await post(t, '/auth/register', registration(email));
    expect(await createAdmin(t.database.db, email, ADMIN_PASSWORD, new Date())).toBe('promoted');
    const profile = await get(t, '/users', await loginToken(t, email, ADMIN_PASSWORD));
    expect(profile.json().data).toMatchObject({
      role: 'admin',
      is_verified: true,
      first_name: 'Asha',
    });
  });
});

describe('npm run admin -- create-admin (review L12)', () => {
  const cli = path.resolve(import.meta.dirname, '../src/cli/admin.ts');
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the CLI on a fresh embedded database, `stdin` piped in; its exit code and output. */
  const run = (args: string[], stdin: string) =>
    new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const child = execFile(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', cli, ...args],
        { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' } },
      );
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => resolve({ code, out }));
      child.stdin?.end(stdin);
    });

  it('reads the password from stdin, and refuses one on the command line', async () => {
    const refused = await run(['create-admin', 'ops@example.com', ADMIN_PASSWORD], '');
    expect(refused).toMatchObject({ code: 2, out: expect.stringContaining('on stdin') });
    expect(await run(['create-admin', 'ops@example.com'], 'short\n')).toMatchObject({ code: 2 });
    const created = await run(['create-admin', 'ops@example.com'], `${ADMIN_PASSWORD}\n`);
    expect(created).toMatchObject({ code: 0, out: 'created admin ops@example.com\n' });
    // Three node processes with tsx, one migrating a new database: slow on a busy machine.
  }, 180_000);
});
