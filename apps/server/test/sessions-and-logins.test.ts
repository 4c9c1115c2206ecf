import type { ClientToServerEvents, ServerToClientEvents } from '@exchange/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeAuthRecords } from '../src/modules/auth/purge.js';
import { PASSWORD, post, uniqueEmail, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { authed, member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const DAY_MS = 24 * 60 * 60_000;

describe.each(BACKENDS)('sessions and login history on %s', (kind) => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp(kind);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const login = async (email: string, ip: string, ua: string, password = PASSWORD) =>
    t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      headers: { 'user-agent': ua },
    });
  const tokenOf = async (email: string, ip: string, ua: string) => {
    const res = await login(email, ip, ua);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.access_token as string;
  };
  const sessions = async (token: string) => {
    const res = await authed(t, 'GET', '/auth/sessions', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      _id: string;
      device: string;
      ip: string;
      created_at: string;
      last_seen_at: string;
      current: boolean;
    }[];
  };
  const end = (token: string, id: string) =>
    t.request({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const openSocket = async (token: string) => {
    const socket: Client = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const closed = (socket: Client) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  it('lists live sessions with device, address and last seen, the current one marked', async () => {
    const email = await verifiedUser(t);
    const laptop = await tokenOf(email, '203.0.113.7', CHROME);
    await tokenOf(email, '198.51.100.20', FIREFOX);
    const list = await sessions(laptop);
    expect(list).toMatchObject([
      { current: true, device: 'Chrome 131 on Windows', ip: '203.0.113.7' },
      { current: false, device: 'Firefox 133 on Linux', ip: '198.51.100.20' },
    ]);
    // Another user sees none of them.
    expect(await sessions((await member(t)).token)).toHaveLength(1);
  });

  it('writes last seen at most once a minute per session', async () => {
    const email = await verifiedUser(t);
    const token = await tokenOf(email, '203.0.113.7', CHROME);
    const seen = async () => (await sessions(token)).find((s) => s.current)?.last_seen_at;
    const atLogin = await seen();
    t.clock.advance(30_000);
    expect(await seen()).toBe(atLogin);
    t.clock.advance(31_000);
    const later = await seen();
    expect(Date.parse(later ?? '') - Date.parse(atLogin ?? '')).toBeGreaterThanOrEqual(61_000);
    t.clock.advance(10_000);
    expect(await seen()).toBe(later);
  });

  it('logs out another session: its token is refused and its socket closed at once', async () => {
    const email = await verifiedUser(t);
    const mine = await tokenOf(email, '203.0.113.7', CHROME);
    const theirs = await tokenOf(email, '198.51.100.20', FIREFOX);
    const socket = await openSocket(theirs);
    const ended = closed(socket);
    const other = (await sessions(mine)).find((s) => !s.current);
    const res = await end(mine, other?._id ?? '');
    expect(res.json()).toMatchObject({ success: true, message: 'Session logged out' });
    expect(await ended).toBe('io server disconnect');
    const refused = await authed(t, 'GET', '/users', theirs);
    expect(refused.statusCode).toBe(401);
    expect((await authed(t, 'GET', '/users', mine)).statusCode).toBe(200);
    expect((await sessions(mine)).map((s) => s.current)).toEqual([true]);
    // Once over, or never the caller's, a session is unknown; a malformed id says so.
    expect((await end(mine, other?._id ?? '')).statusCode).toBe(404);
    const stranger = await member(t);
    const strangers = (await sessions(stranger.token))[0]?._id ?? '';
    expect((await end(mine, strangers)).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await authed(t, 'GET', '/users', stranger.token)).statusCode).toBe(200);
    expect((await end(mine, 'not-a-session')).json()).toMatchObject({
      status: 400,
      message: 'Unknown session',
    });
  });

  it('logs out every other session and keeps this one', async () => {
    const email = await verifiedUser(t);
    const mine = await tokenOf(email, '203.0.113.7', CHROME);
    const others = [
      await tokenOf(email, '198.51.100.20', FIREFOX),
      await tokenOf(email, '198.51.100.21', FIREFOX),
    ];
    const sockets = await Promise.all(others.map(openSocket));
    const ends = sockets.map(closed);
    const res = await authed(t, 'POST', '/auth/sessions/logout-others', mine);
    expect(res.json()).toMatchObject({ message: 'Other sessions logged out', data: { ended: 2 } });
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const token of others)
      expect((await authed(t, 'GET', '/users', token)).statusCode).toBe(401);
    expect((await sessions(mine)).map((s) => s.current)).toEqual([true]);
  });

  it('records every login attempt and shows the user their own, newest first', async () => {
    const email = await verifiedUser(t);
    await login(email, '192.0.2.1', FIREFOX, 'Wr0ngPassword1');
    const token = await tokenOf(email, '203.0.113.7', CHROME);
    const unknown = uniqueEmail('nobody');
    const stranger = await login(unknown, '192.0.2.1', FIREFOX);
    expect(stranger.json()).toMatchObject({ status: 401, message: 'Invalid email or password' });

    const history = await authed(t, 'GET', '/auth/logins', token);
    expect(history.json()).toMatchObject({
      total: 2,
      data: [
        { outcome: 'success', success: true, ip: '203.0.113.7', device: 'Chrome 131 on Windows' },
        {
          outcome: 'wrong_password',
          success: false,
          ip: '192.0.2.1',
          device: 'Firefox 133 on Linux',
        },
      ],
    });
    // The unknown email is kept for the record, under no account.
    const kept = await t.database.db
      .selectFrom('login_attempts')
      .select(['user_id', 'outcome'])
      .where('email', '=', unknown)
      .execute();
    expect(kept).toEqual([{ user_id: null, outcome: 'unknown_email' }]);
    const paged = await authed(t, 'GET', '/auth/logins?page=2&page_size=1', token);
    expect(paged.json()).toMatchObject({ total: 2, data: [{ outcome: 'wrong_password' }] });
  });

  it('records an unverified email and the back-off as failures', async () => {
    const email = uniqueEmail('unverified');
    await post(t, '/auth/register', {
      first_name: 'Asha',
      last_name: 'Rao',
      email,
      phone: '9876543210',
      password: PASSWORD,
    });
    await login(email, '192.0.2.5', CHROME);
    const known = await verifiedUser(t);
    for (let i = 0; i < 6; i++) await login(known, '192.0.2.6', CHROME, 'Wr0ngPassword1');
    const outcomes = async (address: string) =>
      (
        await t.database.db
          .selectFrom('login_attempts')
          .innerJoin('users', 'users.id', 'login_attempts.user_id')
          .select('outcome')
          .where('users.email', '=', address)
          .orderBy('login_attempts.created_at')
          .execute()
      ).map((r) => r.outcome);
    expect(await outcomes(email)).toEqual(['email_not_verified']);
    expect(await outcomes(known)).toEqual([
      ...Array(5).fill('wrong_password'),
      'too_many_attempts',
    ]);
  });

  it("shows admins a user's login history, and nobody else", async () => {
    const email = await verifiedUser(t);
    const token = await tokenOf(email, '203.0.113.7', CHROME);
    const userId = (await authed(t, 'GET', '/users', token)).json().data.id as string;
    const admin = await member(t, { role: 'admin' });
    const seen = await authed(t, 'GET', `/admin/users/${userId}/logins`, admin.token);
    expect(seen.json()).toMatchObject({
      total: 1,
      data: [{ outcome: 'success', ip: '203.0.113.7' }],
    });
    const refused = await authed(t, 'GET', `/admin/users/${userId}/logins`, token);
    expect(refused.statusCode).toBe(403);
    const unknown = await authed(
      t,
      'GET',
      '/admin/users/00000000-0000-4000-8000-000000000000/logins',
      admin.token,
    );
    expect(unknown.json()).toMatchObject({ status: 404, message: 'Unknown user' });
  });

  it('keeps an account’s login history (PMLA) and attempts under no account 180 days', async () => {
    const email = await verifiedUser(t);
    await tokenOf(email, '203.0.113.7', CHROME);
    const stranger = uniqueEmail();
    expect((await login(stranger, '203.0.113.8', CHROME)).statusCode).toBe(401);
    const count = async (typed: string) =>
      (
        await t.database.db
          .selectFrom('login_attempts')
          .select('id')
          .where('email', '=', typed)
          .execute()
      ).length;
    expect([await count(email), await count(stranger)]).toEqual([1, 1]);
    t.clock.advance(180 * DAY_MS - 60_000);
    await purgeAuthRecords(t.app.ctx);
    expect([await count(email), await count(stranger)]).toEqual([1, 1]);
    t.clock.advance(120_000);
    await purgeAuthRecords(t.app.ctx);
    expect([await count(email), await count(stranger)]).toEqual([1, 0]);
    // Years on, the account's login is still on record.
    t.clock.advance(6 * 366 * DAY_MS);
    await purgeAuthRecords(t.app.ctx);
    expect(await count(email)).toBe(1);
  });
});
