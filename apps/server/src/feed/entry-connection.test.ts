import { ORDER_ENTRY_MAX_UNREAD_BYTES } from '@exchange/contracts';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { EntryConnection } from './entry-connection.js';

const owner = { userId: 'u', apiKeyId: 'k', address: '127.0.0.1', orderUpdates: false };
const turn = () => new Promise((r) => setImmediate(r));
const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A real connection pair on loopback: the server side as order entry holds it, and the client. */
async function connectionPair() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const accepted = new Promise<EntryConnection>((resolve) =>
    wss.once('connection', (ws, req) => resolve(new EntryConnection(ws, req.socket, owner))),
  );
  const { port } = wss.address() as { port: number };
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((r) => client.once('open', r));
  const server = await accepted;
  closers.push(
    () => client.terminate(),
    () => wss.close(),
  );
  return { server, client, clientTcp: (client as unknown as { _socket: Socket })._socket };
}

describe('EntryConnection', () => {
  it("stops reading a client's calls while its unread answers pass the limit, and reads again once it has read them", async () => {
    const { server, client, clientTcp } = await connectionPair();
    clientTcp.pause(); // the client reads nothing for now
    let received = 0;
    client.on('message', () => received++);
    const answer = {
      id: 1,
      ok: false as const,
      status: 429,
      code: 'RATE_LIMITED' as const,
      message: 'x'.repeat(1000),
    };
    // One answer a turn, so each leaves for the kernel as a reading client would take it; the
    // kernel's buffers fill first, then the server's own.
    let sent = 0;
    while (!server.ws.isPaused && sent < 100_000) {
      server.send(answer);
      sent++;
      if (sent % 64 === 0) await turn();
    }
    expect(server.ws.isPaused).toBe(true);
    expect(server.ws.bufferedAmount).toBeGreaterThan(ORDER_ENTRY_MAX_UNREAD_BYTES);
    // What the client sends now waits: the server reads none of it.
    const calls: string[] = [];
    server.ws.on('message', (data) => calls.push(String(data)));
    client.send('{"id":2,"method":"cancel_all","params":{}}');
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toEqual([]);
    // Once the client has read everything, the server reads its call.
    clientTcp.resume();
    await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(1);
    expect(server.ws.isPaused).toBe(false);
    await expect.poll(() => received, { timeout: 10_000 }).toBe(sent);
  });
});
