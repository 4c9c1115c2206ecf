import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import { DEMO_ADMIN_TOTP_FILE } from '../src/demo/admin-totp.js';
import { DEMO_CREDENTIALS_FILE, type DemoCredential } from '../src/demo/credentials.js';
import { loadConfig } from '../src/config/env.js';
import { BACKENDS, openTestDatabase } from './support/databases.js';
import { authed } from './support/members.js';
import { appOnDatabase, type TestApp } from './support/test-app.js';
import { totpCodeAt } from './support/two-factor.js';

const DEMO_ENV = { DEMO: '1', DEMO_HISTORY_DAYS: '0.05', DEMO_MM_ORDERS_PER_SECOND: '5' };
const PUBLISHED = {
  'demo@exchange.local': 'DemoTrader2025',
  'admin@exchange.local': 'AdminDemo2025',
};

const login = (t: TestApp, email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

describe('DEMO_PASSWORD', () => {
  it('must pass the sign-up password rule', () => {
    expect(() => loadConfig({ DEMO_PASSWORD: 'short' })).toThrow('DEMO_PASSWORD');
    expect(loadConfig({ DEMO_PASSWORD: 'Demo-Passw0rd-1' }).demoPassword).toBe('Demo-Passw0rd-1');
  });
});

describe.each(BACKENDS)('demo account passwords on %s', (kind) => {
  let database: DatabaseHandle;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-credentials-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are generated per data folder, kept owner-only beside the data and printed once each', async () => {
    const lines: string[] = [];
    const t = await appOnDatabase(database, {
      env: { ...DEMO_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      overrides: { logStream: { write: (line) => lines.push(line) } },
    });
    try {
      const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const accounts = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoCredential[];
      expect(accounts.map((a) => [a.email, a.role])).toEqual([
        ['demo@exchange.local', 'user'],
        ['admin@exchange.local', 'admin'],
      ]);
      const printed = lines
        .map((l) => JSON.parse(l) as { msg: string; email?: string; password?: string })
        .filter((l) => l.msg === 'demo account');
      expect(printed.map(({ email, password }) => ({ email, password }))).toEqual(
        accounts.map(({ email, password }) => ({ email, password })),
      );
      for (const a of accounts) {
        expect(a.password).not.toBe(PUBLISHED[a.email as keyof typeof PUBLISHED]);
        expect((await login(t, a.email, a.password)).statusCode).toBe(200);
        const published = PUBLISHED[a.email as keyof typeof PUBLISHED];
        expect((await login(t, a.email, published)).statusCode).toBe(401);
      }
    } finally {
      await t.close();
    }
    // Seeding the demo market and six password checks take a while on a busy machine.
  }, 120_000);

  it('are DEMO_PASSWORD when set, even on a database seeded with generated ones', async () => {
    const t = await appOnDatabase(database, {
      env: { ...DEMO_ENV, DATA_DIR: dataDir, DEMO_PASSWORD: 'Given-Passw0rd-2' },
    });
    try {
      for (const email of Object.keys(PUBLISHED)) {
        expect((await login(t, email, 'Given-Passw0rd-2')).statusCode).toBe(200);
      }
    } finally {
      await t.close();
    }
  }, 120_000);

  it('give the demo admin an authenticator app where admins must have one (walk-3 D2)', async () => {
    const lines: string[] = [];
    const t = await appOnDatabase(database, {
      env: {
        ...DEMO_ENV,
        DATA_DIR: dataDir,
        DEMO_PASSWORD: 'Given-Passw0rd-2',
        ADMIN_SECOND_FACTOR: '1',
        LOG_LEVEL: 'info',
      },
      overrides: { logStream: { write: (line) => lines.push(line) } },
    });
    try {
      const file = path.join(dataDir, DEMO_ADMIN_TOTP_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const secret = fs.readFileSync(file, 'utf8').trim();
      const printed = lines
        .map((l) => JSON.parse(l) as { msg: string; email?: string; authenticator_secret?: string })
        .filter((l) => l.msg === 'demo account');
      expect(printed.find((l) => l.email === 'admin@exchange.local')?.authenticator_secret).toBe(
        secret,
      );
      expect(printed.find((l) => l.email === 'demo@exchange.local')?.authenticator_secret).toBe(
        undefined,
      );
      // The password alone no longer opens the console: the login asks for the app's code.
      const first = await login(t, 'admin@exchange.local', 'Given-Passw0rd-2');
      expect(first.json().data, first.body).toMatchObject({ second_factor_required: true });
      const second = await t.request({
        method: 'POST',
        url: '/api/v1/auth/login/second-factor',
        payload: {
          challenge_token: first.json().data.challenge_token,
          code: await totpCodeAt(t, secret),
        },
      });
      expect(second.statusCode, second.body).toBe(200);
      const token = second.json().data.access_token as string;
      const queue = await authed(t, 'GET', '/admin/withdrawals?status=pending', token);
      expect(queue.statusCode, queue.body).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);
});
