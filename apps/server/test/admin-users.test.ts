import { ACCOUNT_LOCKED_MESSAGE } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { CoreState } from '../src/core/core-state.js';
import { loadCoreState } from '../src/core/load.js';
import { auditLedger } from '../src/modules/audit/service.js';
import type { SessionEnd } from '../src/modules/sessions/session-ends.js';
import { transfer } from '../src/modules/wallets/commands.js';
import { loginToken, post, PASSWORD, verifiedUser } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';
import { confirmByMail } from './support/reviews.js';

describe.each(BACKENDS)('admin users on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let admin: Member;

  beforeAll(async () => {
    admin = await member(t, { role: 'admin' });
  });

  const get = (url: string, token = admin.token) => authed(t, 'GET', url, token);
  const lock = (id: string, reason: unknown, token = admin.token) =>
    authed(t, 'POST', `/admin/users/${id}/lock`, token, { reason });
  const unlock = (id: string, reason: unknown) =>
    authed(t, 'POST', `/admin/users/${id}/unlock`, admin.token, { reason });

  /** A user who signs up and in with a password, with a live session. */
  async function signedIn() {
    const email = await verifiedUser(t);
    const token = await loginToken(t, email);
    const id = (await get('/users', token)).json().data.id as string;
    await t.database.db
      .updateTable('users')
      .set({ verification_request_status: 'approved' })
      .where('id', '=', id)
      .execute();
    return { id, email, token };
  }

  it('finds accounts by any part of the email, the name or the phone', async () => {
    const u = await member(t);
    const stamp = Date.now().toString().slice(-7);
    await t.database.db
      .updateTable('users')
      .set({ first_name: 'Zephyrine', last_name: `Q${stamp}`, phone: `900${stamp}` })
      .where('id', '=', u.id)
      .execute();
    for (const q of [u.email.slice(0, 12).toUpperCase(), `zephyrine q${stamp}`, `00${stamp}`]) {
      const res = await get(`/admin/users?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), q).toMatchObject({
        total: 1,
        data: [{ _id: u.id, email: u.email, first_name: 'Zephyrine', locked: false }],
      });
    }
    // LIKE's wildcards are plain characters in a search.
    expect((await get('/admin/users?q=%25_%25')).json()).toMatchObject({ total: 0 });
    const admins = await get('/admin/users?role=admin');
    expect(admins.json()).toMatchObject({ total: 1, data: [{ _id: admin.id, role: 'admin' }] });
    const all = await get('/admin/users?page_size=1');
    expect(all.json().total).toBeGreaterThan(1);
    expect(all.json().data).toHaveLength(1);
    const long = await get(`/admin/users?q=${'a'.repeat(101)}`);
    expect(long.json()).toMatchObject({
      status: 400,
      message: 'Search for at most 100 characters',
    });
  });

  it("shows an account's balances, orders, deposits, withdrawals and ledger, paged", async () => {
    const u = await member(t);
    await fund(t, u, ids.usdt, '500');
    await fund(t, u, ids.usdt, '40', 'funding');
    const placed = await authed(t, 'POST', '/orders/spot', u.token, {
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type: 'buy',
      price: '100',
      volume: '1',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const withdrawal = await authed(t, 'POST', '/wallets/withdraw', u.token, {
      network: 'ethereum',
      address: '0x2222222222222222222222222222222222222222',
      amount: '15',
      token_id: 'USDT',
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    // A new address and no second factor: confirmed with the mail's link (walk-4 W4-4).
    await confirmByMail(t, u.email);

    const detail = await get(`/admin/users/${u.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      _id: u.id,
      email: u.email,
      verification_request_status: 'approved',
      locked: false,
      locked_at: null,
      lock_reason: null,
    });
    expect(detail.json().data.balances).toEqual(
      expect.arrayContaining([
        {
          token: expect.objectContaining({ symbol: 'USDT' }),
          wallet_type: 'spot',
          amount: '400',
          locked_balance: '100',
        },
        {
          token: expect.objectContaining({ symbol: 'USDT' }),
          wallet_type: 'funding',
          amount: '25',
          locked_balance: '15',
        },
      ]),
    );
    expect((await get(`/admin/users/${u.id}/orders`)).json()).toMatchObject({
      total: 1,
      data: [{ _id: placed.json().data._id, status: 'open' }],
    });
    expect((await get(`/admin/users/${u.id}/orders?status=closed`)).json()).toMatchObject({
      total: 0,
    });
    expect((await get(`/admin/users/${u.id}/withdrawals`)).json()).toMatchObject({
      total: 1,
      data: [{ amount: '15', status: 'pending' }],
    });
    // The funds came in as two confirmed deposits (support/market.ts fund).
    expect((await get(`/admin/users/${u.id}/deposits?page_size=1`)).json()).toMatchObject({
      total: 2,
      data: [{ amount: '40' }],
    });
    const ledger = await get(`/admin/users/${u.id}/ledger?page_size=2`);
    expect(ledger.json().total).toBeGreaterThanOrEqual(4);
    expect(ledger.json().data).toHaveLength(2);
    expect(ledger.json().data[0]).toMatchObject({
      kind: 'withdrawal_hold',
      token: 'USDT',
      wallet_type: 'funding',
    });
    expect((await get('/admin/users/not-a-user')).json()).toMatchObject({
      status: 400,
      message: 'User not found',
    });
    expect((await get(`/admin/users/${crypto.randomUUID()}`)).json()).toMatchObject({
      status: 404,
      message: 'User not found',
    });
  });

  it('locks an account: no sign-in, its session ends, its orders are cancelled, the core refuses it', async () => {
    const u = await signedIn();
    await fund(t, { id: u.id, email: u.email, token: u.token }, ids.usdt, '300');
    const placed = await authed(t, 'POST', '/orders/spot', u.token, {
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type: 'buy',
      price: '100',
      volume: '2',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const ends: SessionEnd[] = [];
    const stop = t.app.ctx.sessionEnds.listen((end) => ends.push(end));

    expect((await lock(u.id, '  ')).json()).toMatchObject({
      status: 400,
      message: 'Enter a reason',
    });
    expect((await lock(u.id, 'x'.repeat(501))).json()).toMatchObject({
      status: 400,
      message: 'Keep the reason under 500 characters',
    });
    expect((await lock(admin.id, 'me')).json()).toMatchObject({
      status: 403,
      message: 'You cannot lock your own account',
    });
    expect((await get(`/users`, u.token)).statusCode).toBe(200);

    const locked = await lock(u.id, 'Suspected account takeover');
    stop();
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().data).toMatchObject({
      locked: true,
      lock_reason: 'Suspected account takeover',
      locked_at: expect.any(String),
    });
    expect(ends).toEqual([{ userId: u.id }]);
    // The open session's requests are refused at once.
    expect((await get('/users', u.token)).statusCode).toBe(401);
    const login = await post(t, '/auth/login', { email: u.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'FORBIDDEN', message: ACCOUNT_LOCKED_MESSAGE });
    // A wrong password still hears only that the credentials are wrong.
    const wrong = await post(t, '/auth/login', { email: u.email, password: `${PASSWORD}x` });
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // The open order was cancelled and its hold returned; the writer refuses the user's commands.
    expect((await get(`/admin/users/${u.id}/orders?status=closed`)).json()).toMatchObject({
      data: [{ _id: placed.json().data._id, status: 'cancelled' }],
    });
    await expect(
      t.app.ctx.core.sequencer.submit(
        transfer({ userId: u.id, tokenId: ids.usdt, from: 'spot', to: 'funding', amount: 1n }),
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: ACCOUNT_LOCKED_MESSAGE });
    expect((await lock(u.id, 'again')).json()).toMatchObject({
      status: 409,
      message: 'This account is already locked',
    });
    // A restart keeps the lock.
    const reloaded = new CoreState();
    await loadCoreState(t.database.db, reloaded, t.app.ctx.core.tokens, {
      tds: t.app.ctx.config.tds,
      now: t.clock.now(),
    });
    expect(reloaded.lockedUsers.get(u.id)).toMatchObject({ reason: 'Suspected account takeover' });

    const unlocked = await unlock(u.id, 'Owner verified by phone');
    expect(unlocked.json()).toMatchObject({
      data: { locked: false, locked_at: null, lock_reason: null },
    });
    expect((await unlock(u.id, 'again')).json()).toMatchObject({
      status: 409,
      message: 'This account is not locked',
    });
    const again = await loginToken(t, u.email);
    expect((await get('/users', again)).statusCode).toBe(200);

    const trail = await get(`/admin/audit-log?user_id=${u.id}`);
    expect(trail.json().data).toMatchObject([
      {
        action: 'user.unlocked',
        admin: { _id: admin.id },
        before: { locked: true, reason: 'Suspected account takeover' },
        after: { locked: false, reason: 'Owner verified by phone' },
      },
      {
        action: 'user.locked',
        target_type: 'user',
        target_id: u.id,
        before: { locked: false },
        after: { locked: true, reason: 'Suspected account takeover', cancelled_orders: 1 },
      },
    ]);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('answers 403 to a plain user', async () => {
    const u = await member(t);
    expect((await get('/admin/users', u.token)).statusCode).toBe(403);
    expect((await lock(admin.id, 'no', u.token)).statusCode).toBe(403);
  });
});
