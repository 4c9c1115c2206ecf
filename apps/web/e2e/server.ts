import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../../..');

/** demo@exchange.local's and admin@exchange.local's password on the e2e server (DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'E2e-Demo-Passw0rd';

/** A second administrator (four-eyes rules need two), made with the admin CLI; DEMO_PASSWORD too. */
export const SECOND_ADMIN_EMAIL = 'second-admin@exchange.local';

export interface E2eServer {
  baseUrl: string;
  /** Stops the server by its PID and removes its DATA_DIR. */
  stop(): Promise<void>;
}

/** A TCP port nobody listens on at the moment (the e2e and bench servers' own). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  // Seeding the demo market takes over a minute on a loaded 2-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * Starts the built server (`node apps/server/dist/server.js`, as the README starts it) on a free
 * port with a fresh DATA_DIR, the demo accounts (DEMO_PASSWORD) and a second admin; `env` adds to
 * or overrides its environment. Resolves once it answers /health.
 */
export async function startServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-e2e-'));
  const base = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' };
  // The embedded database takes one process at a time: the CLI runs before the server.
  const admin = spawnSync(
    process.execPath,
    [path.join(REPO, 'apps/server/dist/cli/admin.js'), 'create-admin', SECOND_ADMIN_EMAIL],
    { cwd: REPO, env: base, encoding: 'utf8', input: `${DEMO_PASSWORD}\n` },
  );
  if (admin.status !== 0) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`create-admin failed:\n${admin.stdout}\n${admin.stderr}`);
  }
  let output = '';
  const server = spawn(process.execPath, [path.join(REPO, 'apps/server/dist/server.js')], {
    cwd: REPO,
    env: {
      ...base,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_PASSWORD,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1; the per-address limit on /auth is not under test.
      AUTH_RATE_LIMIT_MAX: '10000',
      RATE_LIMIT_MAX: '100000',
      // Every page of every test connects its socket from 127.0.0.1.
      FEED_HANDSHAKES_PER_MINUTE: '100000',
      // The cooling-off after a security change lasts 24 h by default; a test cannot wait that
      // long, so here it lasts about half a minute (security.e2e.test.ts waits it out).
      SECURITY_HOLD_HOURS: '0.008',
      // The files decide money as the demo admin by API, without an authenticator code: the
      // second-factor rule `npm start` applies (walk-3 D2) is off here, and the demo admin is not
      // enrolled. admin-payouts.e2e.test.ts enrols the second admin to test the code's step-up.
      ADMIN_SECOND_FACTOR: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null && server.pid) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(server.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) process.kill(server.pid, 'SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
