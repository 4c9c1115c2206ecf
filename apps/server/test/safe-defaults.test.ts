import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { post, registration, uniqueEmail } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, testConfig, type TestApp } from './support/test-app.js';

const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:1',
  HD_XPUB: 'xpub',
  IDENTITY_KEY_FILE: '/run/credentials/exchange/identity-key',
};

describe('start-up configuration', () => {
  it('refuses a JWT_SECRET of fewer than 32 random bytes', () => {
    for (const weak of [
      'secret',
      'a'.repeat(64),
      'correct-horse-battery-staple',
      'ab'.repeat(40),
    ]) {
      expect(() => loadConfig({ JWT_SECRET: weak }), weak).toThrow(
        'JWT_SECRET must be at least 32 random bytes',
      );
    }
    expect(() => loadConfig({ JWT_SECRET: '0123456789abcdef'.repeat(3) })).toThrow('JWT_SECRET');
    const base64 = 'q3X9v2Lr8Yt1Wm6Kp0Zs4Nd7Hf5Jb2Cg9Ue1Ra8Tx3V'; // 43 characters, 258 bits
    expect(loadConfig({ JWT_SECRET: base64 }).jwtSecret).toBe(base64);
    const hex = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    expect(loadConfig({ JWT_SECRET: hex }).jwtSecret).toBe(hex);
  });

  it('in production: no demo, deposit addresses from HD_XPUB, never the mnemonic', () => {
    expect(() => loadConfig({ ...PRODUCTION, DEMO: '1' })).toThrow(
      'DEMO cannot run with NODE_ENV=production',
    );
    expect(() => loadConfig({ ...PRODUCTION, HD_XPUB: '' })).toThrow(
      'HD_XPUB is required in production',
    );
    expect(() => loadConfig({ ...PRODUCTION, HD_MNEMONIC: HARDHAT_MNEMONIC })).toThrow(
      'HD_MNEMONIC must stay offline in production',
    );
    expect(loadConfig(PRODUCTION)).toMatchObject({ demo: false, hdXpub: 'xpub', hdMnemonic: null });
  });
});

describe('npm run admin -- xpub', () => {
  it('prints the HD_XPUB of a mnemonic read from stdin', async () => {
    const cli = path.resolve(import.meta.dirname, '../src/cli/admin.ts');
    const child = execFile(process.execPath, [
      '--conditions=source',
      '--import',
      'tsx',
      cli,
      'xpub',
    ]);
    child.stdin?.end(`${HARDHAT_MNEMONIC}\n`);
    const stdout = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
    });
    expect(stdout.trim()).toMatch(/^xpub[1-9A-HJ-NP-Za-km-z]{100,}$/);
    expect(stdout).not.toContain('junk');
  });
});

describe.each(BACKENDS)('the dev outbox on %s', (kind) => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    email = uniqueEmail();
    await post(t, '/auth/register', registration(email));
  });
  afterAll(() => t.close());

  const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: `/api/v1/dev/outbox?email=${email}`, remoteAddress, headers });

  it('answers this machine', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await outbox(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.json().data[0]).toMatchObject({ to: email });
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST'])
      expect((await outbox('127.0.0.1', { host })).statusCode, host).toBe(200);
  });

  it('is not there for a page whose name was rebound to this machine (review N-L4)', async () => {
    for (const host of [
      'attacker.example:3201',
      'localhost.attacker.example',
      '127.0.0.1.nip.io',
    ]) {
      const res = await outbox('127.0.0.1', { host });
      expect(res.statusCode, host).toBe(404);
      expect(res.body).not.toContain(email);
    }
  });

  it('listens on this machine only, outside production, unless HOST says otherwise', () => {
    expect(testConfig().host).toBe('127.0.0.1');
    expect(testConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('is not there for another address, nor through a proxy on this machine', async () => {
    for (const res of [
      await outbox('203.0.113.7'),
      await outbox('10.0.0.2'),
      await outbox('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }),
      await outbox('127.0.0.1', { forwarded: 'for=203.0.113.7' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(email);
    }
  });
});

describe('request timeouts', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { REQUEST_TIMEOUT_MS: '300' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Sends `head` and then nothing more; resolves with what the server said before it closed. */
  const stall = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.once('error', reject);
      socket.once('close', () => resolve(answer));
    });

  it('closes a connection whose body does not arrive, with 408', async () => {
    const answer = await stall(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"email":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('sets the server-wide limits: the uploads’ longer one, and idle connections', () => {
    expect(t.app.server.requestTimeout).toBe(120_000);
    expect(t.app.server.timeout).toBe(60_000);
  });
});
