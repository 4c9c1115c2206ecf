import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { DATA_DIR_LOCK_FILE } from '../src/lib/data-dir-lock.js';
import { fund, listBtcUsdt } from './support/market.js';
import { member, type Member } from './support/members.js';
import { freePort } from './support/free-port.js';
import { appOnDatabase, TEST_SECRET } from './support/test-app.js';

const src = path.resolve(import.meta.dirname, '../src');
const tsx = ['--conditions=source', '--import', 'tsx'];
const ADMIN_PASSWORD = 'Admin1Password';

interface Server {
  child: ChildProcess;
  port: number;
  output(): string;
}

/** `npm start` on `env`: resolves once it serves, or once it exits (refused). */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...tsx, path.join(src, 'server.ts')], {
    env: { ...process.env, ...env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) break;
    const up = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (child.exitCode !== null) await exited;
  return { child, port, output: () => out };
}

/** A tool as an operator runs it (`npm run audit:ledger`, `npm run admin`): exit code, output. */
const tool = (script: string, args: string[], env: Record<string, string>, stdin = '') =>
  new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = execFile(process.execPath, [...tsx, path.join(src, 'cli', script), ...args], {
      // PORT left at its default: the tool finds the server's port in the lock.
      env: { ...process.env, ...env, NODE_ENV: 'test', PORT: '' },
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
    child.stdin?.end(stdin);
  });

const stop = async (server: Server, signal: NodeJS.Signals) => {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill(signal);
  await exited;
};

const readLock = async (dir: string) =>
  JSON.parse(await fs.readFile(path.join(dir, DATA_DIR_LOCK_FILE), 'utf8')) as {
    pid: number;
    port: number;
  };

describe('one process owns an embedded data folder (issue 46)', () => {
  const servers: Server[] = [];
  let dataDir: string;
  afterAll(async () => {
    for (const s of servers) await stop(s, 'SIGKILL');
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it(
    'refuses a second server naming the first, runs the tools through the first, and takes over a killed one',
    { timeout: 400_000 },
    async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'data-dir-owner-'));
      // Reserves on their schedule (off in most tests): a fresh exchange publishes one at start.
      const env = { DATA_DIR: dataDir, JWT_SECRET: TEST_SECRET, RESERVES_SNAPSHOT_HOURS: '24' };
      // The market and two funded members, written before the server starts (no proof yet).
      const setup = await appOnDatabase(
        connectDatabase({ pgliteDir: path.join(dataDir, 'pglite') }),
        { env: { ...env, RESERVES_SNAPSHOT_HOURS: '0' } },
      );
      const ids = await listBtcUsdt(setup);
      const maker = await member(setup);
      await fund(setup, maker, ids.btc, '10');
      const taker = await member(setup);
      await fund(setup, taker, ids.usdt, '1000000');
      await setup.app.close();
      await setup.database.close();

      const first = await startServer(env);
      servers.push(first);
      expect(first.child.exitCode, first.output()).toBeNull();
      const base = `http://127.0.0.1:${first.port}/api/v1`;
      const place = (m: Member, side: 'buy' | 'sell', on = first) =>
        fetch(`http://127.0.0.1:${on.port}/api/v1/orders/spot`, {
          method: 'POST',
          headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            symbol: 'BTCUSDT',
            order_type: 'limit',
            trade_type: side,
            price: '30000',
            volume: '0.01',
          }),
        }).then((r) => r.status);
      expect(await place(maker, 'sell')).toBe(200);

      // The first proof of reserves is published at start, not a day later.
      let proof: unknown = null;
      for (let i = 0; i < 300 && !proof; i++) {
        proof = ((await (await fetch(`${base}/proof-of-reserves`)).json()) as { data: unknown })
          .data;
        if (!proof) await new Promise((r) => setTimeout(r, 100));
      }
      expect(proof).toMatchObject({ user_count: 2 });

      const lockBefore = await fs.readFile(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8');
      const second = await startServer(env);
      servers.push(second);
      expect(second.child.exitCode).not.toBe(0);
      expect(second.child.exitCode).not.toBeNull();
      expect(second.output()).toContain(
        `is in use by server (PID ${first.child.pid}, port ${first.port}`,
      );
      expect(second.output()).toContain('Stop that server first');
      expect(await fs.readFile(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8')).toBe(lockBefore);

      // The first keeps serving; the tools reach the data through it.
      expect(await place(taker, 'buy')).toBe(200);
      const audit = await tool('audit-ledger.ts', [], env);
      expect(audit.out).toContain('ledger audit passed');
      expect(audit.code).toBe(0);
      const admin = await tool(
        'admin.ts',
        ['create-admin', 'ops@example.com'],
        env,
        `${ADMIN_PASSWORD}\n`,
      );
      expect(admin).toMatchObject({ code: 0, out: 'created admin ops@example.com\n' });
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@example.com', password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);

      // kill -9 leaves the lock behind; the next start sees its holder is gone and takes it.
      await stop(first, 'SIGKILL');
      expect((await readLock(dataDir)).pid).toBe(first.child.pid);
      const third = await startServer(env);
      servers.push(third);
      expect(third.child.exitCode, third.output()).toBeNull();
      expect(await readLock(dataDir)).toMatchObject({ pid: third.child.pid, port: third.port });
      expect(await place(maker, 'sell', third)).toBe(200);
      // Restarted, it publishes no second proof: the first is recent.
      const history = await fetch(
        `http://127.0.0.1:${third.port}/api/v1/proof-of-reserves/history`,
      );
      expect(((await history.json()) as { data: unknown[] }).data).toHaveLength(1);

      // A clean stop frees the folder; a tool then opens the files itself, and locks them meanwhile.
      await stop(third, 'SIGTERM');
      await expect(fs.access(path.join(dataDir, DATA_DIR_LOCK_FILE))).rejects.toThrow();
      const offline = await tool('audit-ledger.ts', [], env);
      expect(offline).toMatchObject({ code: 0, out: expect.stringContaining('audit passed') });
      await expect(fs.access(path.join(dataDir, DATA_DIR_LOCK_FILE))).rejects.toThrow();
    },
  );
});
