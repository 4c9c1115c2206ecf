/** Waiting helpers the cluster's launcher, supervisor and rounds share. */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

export async function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor<T>(
  check: () => Promise<T | null>,
  ms: number,
  failure: string,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls `check` every 50 ms until it holds; rejects once `child` has exited. */
export async function untilReady(
  child: ChildProcess,
  check: () => Promise<boolean>,
): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('exited');
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** GET `url` answers 200. */
export const answersOk = (url: string): Promise<boolean> =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );
