import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import type { Member } from './members.js';

const serverEntry = path.resolve(import.meta.dirname, '../../src/server.ts');
const cliDir = path.resolve(import.meta.dirname, '../../src/cli');

/** `npm start`'s server as a process of its own on `env.PORT`; resolves once it answers. */
export async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', serverEntry], {
    env: { ...process.env, ...env, NODE_ENV: 'test', HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${env.PORT}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops a server process and waits until it has exited. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/** A command-line tool of `apps/server/src/cli` run as an operator runs it: its exit code and output. */
export function runCli(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(cliDir, `${name}.ts`), ...args],
      { env: { ...process.env, ...env }, maxBuffer: 16 * 2 ** 20 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

/** A limit order on BTCUSDT through the server's API; its id once acknowledged, else null. */
export async function placeOrder(
  port: string,
  m: Member,
  body: { trade_type: 'buy' | 'sell'; price: string; volume: string },
): Promise<{ _id: string; status: string } | null> {
  const r = await fetch(`http://127.0.0.1:${port}/api/v1/orders/spot`, {
    method: 'POST',
    headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ symbol: 'BTCUSDT', order_type: 'limit', ...body }),
  });
  return r.status === 200
    ? ((await r.json()) as { data: { _id: string; status: string } }).data
    : null;
}
