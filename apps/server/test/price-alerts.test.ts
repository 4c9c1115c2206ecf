import { MAX_PRICE_ALERTS, PRICE_ALERT_MESSAGES as M } from '@exchange/contracts';
import { describe, expect, it, vi } from 'vitest';
import { BACKENDS, openTestDatabase } from './support/databases.js';
import { fund, listBtcUsdt } from './support/market.js';
import { authed, member, type Member } from './support/members.js';
import { useSmtpApp } from './support/smtp-app.js';
import { decodedSubjectOf, decodedText, subjectOf } from './support/smtp-sink.js';
import { appOnDatabase, type TestApp } from './support/test-app.js';

/** One trade between two fresh members at `price`: the last price becomes `price`. */
async function tradeAt(t: TestApp, ids: { btc: string; usdt: string }, price: string) {
  const seller = await member(t);
  const buyer = await member(t);
  await fund(t, seller, ids.btc, '0.01');
  await fund(t, buyer, ids.usdt, '10000');
  const place = (m: Member, trade_type: string) =>
    authed(t, 'POST', '/orders/spot', m.token, {
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type,
      price,
      volume: '0.01',
    });
  await place(seller, 'sell');
  expect((await place(buyer, 'buy')).json().data.status).toBe('filled');
}

const notifications = async (t: TestApp, m: Member) =>
  (await authed(t, 'GET', '/notifications', m.token)).json().data as {
    unread: number;
    items: { title: string; body: string; values: unknown; link: string; read: boolean }[];
  };

/** Issue 37 item 5: alerts fire once when the last price crosses them, in the bell and by mail. */
describe.each(BACKENDS)('price alerts on %s', (kind) => {
  const env = useSmtpApp(kind);

  it('fires once when a trade crosses, into the bell and a mail, and never again', async () => {
    const { t, smtp } = env;
    const ids = await listBtcUsdt(t);
    await tradeAt(t, ids, '100');
    const me = await member(t);
    const set = (body: object) => authed(t, 'POST', '/alerts', me.token, body);

    const up = await set({ symbol: 'btcusdt', direction: 'above', price: '105' });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data).toMatchObject({ symbol: 'BTCUSDT', price: '105', fired_at: null });
    const down = await set({ symbol: 'BTCUSDT', direction: 'below', price: 95 });
    expect(down.statusCode).toBe(201);

    // Refusals say why and store nothing.
    const already = await set({ symbol: 'BTCUSDT', direction: 'above', price: '90' });
    expect(already.statusCode).toBe(400);
    expect(already.json().message).toBe(M.alreadyAbove);
    const unknown = await set({ symbol: 'NOPEUSDT', direction: 'above', price: '1' });
    expect(unknown.json().message).toBe(M.unknownSymbol);
    const zero = await set({ symbol: 'BTCUSDT', direction: 'above', price: '0' });
    expect(zero.statusCode).toBe(400);
    expect((await authed(t, 'GET', '/alerts', me.token)).json().data).toHaveLength(2);
    expect(await notifications(t, me)).toEqual({ unread: 0, items: [] });

    await tradeAt(t, ids, '104');
    expect((await notifications(t, me)).unread).toBe(0);
    await tradeAt(t, ids, '106');
    await tradeAt(t, ids, '107');
    // Fired after the batch is durable, off the trade's path.
    await vi.waitFor(async () => expect((await notifications(t, me)).unread).toBe(1));
    await t.app.ctx.mailIdle();
    const bell = await notifications(t, me);
    expect(bell.unread).toBe(1);
    expect(bell.items).toEqual([
      expect.objectContaining({
        title: 'BTC/USDT is above 105 USDT',
        body: expect.stringContaining('traded at 106 USDT'),
        values: {
          symbol: 'BTC/USDT',
          quote: 'USDT',
          direction: 'above',
          price: '105',
          traded: '106',
        },
        link: '/BTCUSDT',
        read: false,
      }),
    ]);
    const alerts = (await authed(t, 'GET', '/alerts', me.token)).json().data;
    expect(alerts.find((a: { id: string }) => a.id === up.json().data.id)).toMatchObject({
      fired_price: '106',
      fired_at: expect.any(String),
    });
    const mails = smtp.received.filter((m) => m.to.includes(me.email));
    expect(mails.map((m) => subjectOf(m.raw))).toEqual(['Price alert: BTC/USDT is above 105 USDT']);

    expect((await authed(t, 'POST', '/notifications/read', me.token)).statusCode).toBe(200);
    expect((await notifications(t, me)).unread).toBe(0);

    // Deleting the other: gone, and a trade below 95 fires nothing.
    const id = down.json().data.id as string;
    expect((await authed(t, 'DELETE', `/alerts/${id}`, me.token)).statusCode).toBe(200);
    expect((await authed(t, 'DELETE', `/alerts/${id}`, me.token)).statusCode).toBe(404);
    await tradeAt(t, ids, '90');
    expect((await notifications(t, me)).items).toHaveLength(1);
  });

  it('mails a Hindi user in Hindi, with the prices grouped as they chose (walk-4 W4-3)', async () => {
    const { t, smtp } = env;
    const ids = await listBtcUsdt(t);
    await tradeAt(t, ids, '1000');
    const me = await member(t);
    const saved = await authed(t, 'PUT', '/users/language', me.token, { language: 'hi' });
    expect(saved.statusCode, saved.body).toBe(200);
    const set = await authed(t, 'POST', '/alerts', me.token, {
      symbol: 'BTCUSDT',
      direction: 'above',
      price: '1500',
    });
    expect(set.statusCode, set.body).toBe(201);
    await tradeAt(t, ids, '1600');
    await vi.waitFor(async () => expect((await notifications(t, me)).unread).toBe(1));
    await t.app.ctx.mailIdle();
    const mail = smtp.received.find((m) => m.to.includes(me.email));
    expect(decodedSubjectOf(mail!.raw)).toBe('प्राइस अलर्ट: BTC/USDT 1,500 USDT से ऊपर है');
    expect(decodedText(mail!.raw)).toContain('lang="hi"');
    await tradeAt(t, ids, '100'); // The last price the tests after this one expect.
  });

  it(`keeps at most ${MAX_PRICE_ALERTS} waiting alerts per user, and another user's alerts are not mine`, async () => {
    const { t } = env;
    const me = await member(t);
    const other = await member(t);
    for (let i = 0; i < MAX_PRICE_ALERTS; i++) {
      const res = await authed(t, 'POST', '/alerts', me.token, {
        symbol: 'BTCUSDT',
        direction: 'above',
        price: String(1000 + i),
      });
      expect(res.statusCode).toBe(201);
    }
    const over = await authed(t, 'POST', '/alerts', me.token, {
      symbol: 'BTCUSDT',
      direction: 'above',
      price: '5000',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(M.tooMany);
    const mine = (await authed(t, 'GET', '/alerts', me.token)).json().data as { id: string }[];
    expect(mine).toHaveLength(MAX_PRICE_ALERTS);
    const theirs = await authed(t, 'DELETE', `/alerts/${mine[0]!.id}`, other.token);
    expect(theirs.statusCode).toBe(404);
  });

  it('lets only one of two alerts sent at once take the last place', async () => {
    const { t } = env;
    const me = await member(t);
    const alert = (price: number) =>
      authed(t, 'POST', '/alerts', me.token, {
        symbol: 'BTCUSDT',
        direction: 'above',
        price: String(price),
      });
    for (let i = 0; i < MAX_PRICE_ALERTS - 1; i++)
      expect((await alert(1000 + i)).statusCode).toBe(201);
    const both = await Promise.all([alert(5000), alert(5001)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const mine = (await authed(t, 'GET', '/alerts', me.token)).json().data as unknown[];
    expect(mine).toHaveLength(MAX_PRICE_ALERTS);
  });
});

describe('price alerts across a restart', () => {
  // Four starts of the app on one database.
  it(
    'fires at start an alert the price crossed while down, and a fired one never again',
    { timeout: 180_000 },
    async () => {
      const database = await openTestDatabase('pglite');
      try {
        const first = await appOnDatabase(database);
        const ids = await listBtcUsdt(first);
        await tradeAt(first, ids, '100');
        const me = await member(first);
        const res = await authed(first, 'POST', '/alerts', me.token, {
          symbol: 'BTCUSDT',
          direction: 'below',
          price: '99',
        });
        expect(res.statusCode).toBe(201);
        await first.close();
        // While the alerts were not listening (as if the process stopped right after a trade):
        // the price fell below 99.
        const between = await appOnDatabase(database);
        await between.app.ctx.db
          .updateTable('price_alerts')
          .set({ price: String(101n * 10n ** 18n) })
          .where('user_id', '=', me.id)
          .execute();
        await between.close();

        const second = await appOnDatabase(database);
        const fired = await notifications(second, me);
        expect(fired.unread).toBe(1);
        expect(fired.items[0]?.title).toBe('BTC/USDT is below 101 USDT');
        await second.close();

        const third = await appOnDatabase(database);
        expect((await notifications(third, me)).items).toHaveLength(1);
        await third.close();
      } finally {
        await database.close();
      }
    },
  );
});
