import type { ClientToServerEvents, ServerToClientEvents } from '@exchange/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClientAddress } from '../src/lib/client-address.js';
import { latestCode, loginToken, post, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens a socket and waits for its connect or its refusal. */
function opener(url: () => string, sockets: Client[]) {
  return async (token?: string, headers?: Record<string, string>) => {
    const socket: Client = connect(url(), {
      transports: ['websocket'],
      reconnection: false,
      ...(token ? { auth: { token } } : {}),
      ...(headers ? { extraHeaders: headers } : {}),
    });
    sockets.push(socket);
    const refusal = await new Promise<string | null>((resolve) => {
      socket.once('connect', () => resolve(null));
      socket.once('connect_error', (err) => resolve(err.message));
    });
    return { socket, refusal };
  };
}

/** Resolves with the reason once the server closes the socket. */
const closed = (socket: Client) =>
  new Promise<string>((resolve) => {
    if (socket.disconnected) resolve('already');
    socket.once('disconnect', (reason) => resolve(reason));
  });

describe.each(BACKENDS)('signed-in sockets follow their session on %s (review M5)', (kind) => {
  let t: TestApp;
  let url = '';
  const sockets: Client[] = [];
  const open = opener(() => url, sockets);
  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  it('closes the sockets of a session on logout, and only those', async () => {
    const user = await member(t);
    const other = await member(t);
    const { socket } = await open(user.token);
    const { socket: bystander } = await open(other.token);
    const visitor = (await open()).socket;
    const ended = closed(socket);
    expect((await post(t, '/auth/logout', {}, user.token)).statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
    expect(visitor.connected).toBe(true);
  });

  it('closes every socket of the user on a password reset', async () => {
    const email = await verifiedUser(t);
    const first = (await open(await loginToken(t, email))).socket;
    const second = (await open(await loginToken(t, email))).socket;
    const ends = [closed(first), closed(second)];
    t.clock.advance(11_000);
    await post(t, '/auth/password/forgot', { email });
    const otp = latestCode(t, email);
    const ok = await post(t, '/auth/otp/validate', { email, otp, otp_for: 'password_reset' });
    const reset = await post(t, '/auth/password/reset', {
      reset_token: ok.json().data.reset_token,
      password: 'AnotherPass2026',
    });
    expect(reset.statusCode).toBe(200);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('closes a socket whose session another process revoked, at the next check', async () => {
    const user = await member(t);
    const { socket } = await open(user.token);
    const ended = closed(socket);
    await t.database.db
      .updateTable('sessions')
      .set({ revoked_at: t.clock.now() })
      .where('user_id', '=', user.id)
      .execute();
    expect(await ended).toBe('io server disconnect');
  });

  it('closes a socket whose session expired, at the next check', async () => {
    const user = await member(t);
    const visitor = (await open()).socket;
    const { socket } = await open(user.token);
    const ended = closed(socket);
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect(await ended).toBe('io server disconnect');
    expect(visitor.connected).toBe(true);
  });
});

describe.each(BACKENDS)('socket limits on %s (review M7)', (kind) => {
  let t: TestApp;
  let url = '';
  const sockets: Client[] = [];
  const open = opener(() => url, sockets);
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        TRUST_PROXY: '127.0.0.1',
        FEED_MAX_SOCKETS_PER_ADDRESS: '3',
        FEED_MAX_SOCKETS_PER_USER: '2',
        FEED_MAX_SOCKETS: '8',
        FEED_HANDSHAKES_PER_MINUTE: '6',
      },
    });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('caps sockets per client address, as the trusted proxy names it', async () => {
    for (let i = 0; i < 3; i++)
      expect((await open(undefined, from('198.51.100.1'))).refusal).toBeNull();
    const refused = await open(undefined, from('198.51.100.1'));
    expect(refused.refusal).toBe('Too many connections from this address');
    expect((await open(undefined, from('198.51.100.2'))).refusal).toBeNull();
    // A closed socket gives its place back.
    sockets[0]?.disconnect();
    await expect.poll(async () => (await open(undefined, from('198.51.100.1'))).refusal).toBeNull();
  });

  it('caps signed-in sockets per user', async () => {
    const user = await member(t);
    expect((await open(user.token, from('198.51.100.10'))).refusal).toBeNull();
    expect((await open(user.token, from('198.51.100.11'))).refusal).toBeNull();
    const third = await open(user.token, from('198.51.100.12'));
    expect(third.refusal).toBe('Too many connections for this account');
    expect((await open(undefined, from('198.51.100.12'))).refusal).toBeNull();
  });

  it('caps connection attempts per address per minute, before any other check', async () => {
    for (let i = 0; i < 6; i++) {
      const { refusal, socket } = await open(undefined, from('198.51.100.40'));
      expect(refusal).toBeNull();
      socket.disconnect();
    }
    const seventh = await open(undefined, from('198.51.100.40'));
    expect(seventh.refusal).toBe('Too many connection attempts. Try again in a minute');
    expect((await open(undefined, from('198.51.100.41'))).refusal).toBeNull();
  });

  it('caps the sockets of the whole process', async () => {
    const open8 = [];
    for (let i = 0; i < 8; i++) open8.push(await open(undefined, from(`198.51.100.${50 + i}`)));
    const refusals = open8.map((o) => o.refusal);
    const full = await open(undefined, from('198.51.100.99'));
    // Sockets other tests left open count too: at most 8 in all get in.
    expect([...refusals, full.refusal]).toContain('The server is full. Try again later');
  });

  it('caps subscribe calls at 30 in 10 s', async () => {
    const { socket } = await open(undefined, from('198.51.100.20'));
    const acks = [];
    for (let i = 0; i < 31; i++) acks.push(await socket.emitWithAck('subscribe', 'NOPEUSDT'));
    expect(acks[29]).toEqual({ ok: false, message: 'Unknown symbol NOPEUSDT' });
    expect(acks[30]).toEqual({ ok: false, message: 'At most 30 calls in 10 s' });
    expect(await socket.emitWithAck('unsubscribe', 'BTCUSDT')).toMatchObject({ ok: false });
  });

  it('closes a socket that sends a message larger than a symbol needs', async () => {
    const { socket } = await open(undefined, from('198.51.100.30'));
    const ended = closed(socket);
    socket.emit('subscribe', 'X'.repeat(10_000));
    expect(await ended).toBe('transport close');
  });
});

describe('ClientAddress', () => {
  it('steps left through X-Forwarded-For only while the hop is a trusted proxy', () => {
    const behind = new ClientAddress(['10.0.0.0/8', 'loopback']);
    expect(behind.of('::ffff:127.0.0.1', '6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    expect(behind.of('198.51.100.7', '6.6.6.6')).toBe('198.51.100.7');
    expect(behind.of('10.0.0.1', undefined)).toBe('10.0.0.1');
    expect(new ClientAddress(false).of('127.0.0.1', '6.6.6.6')).toBe('127.0.0.1');
  });
});
