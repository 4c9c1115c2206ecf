import { describe, expect, it } from 'vitest';
import type { AppError } from '../src/lib/app-error.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { claimDeposit } from '../src/modules/deposits/commands.js';
import { placeOrder } from '../src/modules/orders/commands.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

/**
 * One bad command must never cost anybody else anything: it is refused alone, the commands
 * batched with it commit, and the core is not rebuilt.
 */
describe.each(BACKENDS)('a command the database refuses, among good ones, on %s', (kind) => {
  const logged: string[] = [];
  const { t, ids } = useMarketApp(kind, {
    env: { LOG_LEVEL: 'warn' },
    overrides: { logStream: { write: (line) => logged.push(line) } },
  });

  const order = (user: Member, body: Record<string, unknown>) =>
    authed(t, 'POST', '/orders/spot', user.token, { symbol: 'BTCUSDT', ...body });

  it('is refused alone; hundreds of good orders batched with it succeed; the core keeps its state', async () => {
    const maker = await member(t);
    const takers = await Promise.all(Array.from({ length: 10 }, () => member(t)));
    await fund(t, maker, ids.btc, '10');
    for (const taker of takers) await fund(t, taker, ids.usdt, '100000');
    const resting = await order(maker, {
      order_type: 'limit',
      trade_type: 'sell',
      price: '30000',
      volume: '5',
    });
    expect(resting.statusCode, resting.body).toBe(200);
    const restingId = Number(resting.json().data._id);
    const before = t.app.ctx.core.state.trading.openOrders.get(restingId);

    // A deposit record whose amount no numeric(78, 0) column holds: only the database can refuse it.
    const poison = () =>
      t.app.ctx.core.sequencer.submit(
        claimDeposit(
          {
            userId: maker.id,
            tokenId: ids.usdt,
            network: 'ethereum',
            senderAddress: '0x0000000000000000000000000000000000000001',
            txHash: `0x${Math.random().toString(16).slice(2).padEnd(64, '0')}`,
            logIndex: -1,
            amount: 10n ** 80n,
          },
          false,
        ),
      );
    const good = (i: number) =>
      order(takers[i % takers.length] as Member, {
        order_type: 'limit',
        trade_type: 'buy',
        price: i % 3 === 0 ? '30000' : '20000',
        volume: '0.001',
      });
    const requests: Promise<{ kind: string; status: number }>[] = [];
    for (let i = 0; i < 300; i++) {
      requests.push(good(i).then((res) => ({ kind: 'good', status: res.statusCode })));
      if (i % 60 === 30)
        requests.push(
          poison().then(
            () => ({ kind: 'poison', status: 200 }),
            (err: AppError) => ({ kind: 'poison', status: err.statusCode }),
          ),
        );
    }
    const results = await Promise.all(requests);
    expect(results.filter((r) => r.kind === 'good').every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.kind === 'poison').map((r) => r.status)).toEqual([
      500, 500, 500, 500, 500,
    ]);
    // The poison shared batches with good orders, which were run again without it.
    const messages = logged.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((m) => m.startsWith('batch not persisted')).length).toBeGreaterThan(0);
    expect(messages.filter((m) => m.startsWith('command refused')).length).toBe(5);
    // Not rebuilt: the resting order is the same object, now partly filled by the good buys.
    const after = t.app.ctx.core.state.trading.openOrders.get(restingId);
    expect(after).toBe(before);
    expect(after?.filledLots).toBe(100 * 100);
    const pending = await t.database.db
      .selectFrom('deposits')
      .selectAll()
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(0);
    expect(t.app.ctx.core.state.pendingDeposits.size).toBe(0);
    const audit = await auditLedger(t.database.db);
    expect(audit.violations).toEqual([]);
  });

  it('rolls back the books and the money of a command that fails after it traded', async () => {
    const [seller, buyer] = [await member(t), await member(t)];
    await fund(t, seller, ids.btc, '1');
    await fund(t, buyer, ids.usdt, '100000');
    await order(seller, { order_type: 'limit', trade_type: 'sell', price: '31000', volume: '0.2' });
    const book = async () =>
      (await t.request({ method: 'GET', url: '/api/v1/symbols/BTCUSDT/orderbook' })).json().data;
    const spot = async (user: Member) =>
      (await authed(t, 'GET', '/wallets/spot', user.token)).json().data;
    const [bookBefore, buyerBefore, sellerBefore] = [
      await book(),
      await spot(buyer),
      await spot(seller),
    ];
    const pair = t.app.ctx.core.state.trading.pairOf('BTCUSDT');
    const faulty = t.app.ctx.core.sequencer.submit((state, work) => {
      placeOrder({
        userId: buyer.id,
        pair,
        side: 'buy',
        type: 'limit',
        priceTicks: 3_100_000,
        lots: 20_000,
      })(state, work);
      throw new Error('a fault after the order traded');
    });
    await expect(faulty).rejects.toMatchObject({ statusCode: 500 });
    expect(await book()).toEqual(bookBefore);
    expect(await spot(buyer)).toEqual(buyerBefore);
    expect(await spot(seller)).toEqual(sellerBefore);
    // The rebuilt book still trades: the same order, placed for real, fills.
    const filled = await order(buyer, {
      order_type: 'limit',
      trade_type: 'buy',
      price: '31000',
      volume: '0.2',
    });
    expect(filled.json().data).toMatchObject({ status: 'filled' });
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('refuses an amount too large for the ledger where it enters, and changes nothing', async () => {
    const user = await member(t);
    const res = await authed(t, 'POST', '/transactions/deposit/verify', user.token, {
      network: 'ethereum',
      sender_address: '0x0000000000000000000000000000000000000001',
      transaction_hash: `0x${'ab'.repeat(32)}`,
      amount: `1${'0'.repeat(61)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Amount is too large' });
    const transfer = await authed(t, 'POST', '/wallets/transfer', user.token, {
      from_wallet: 'funding',
      to_wallet: 'spot',
      token_id: ids.usdt,
      amount: 1e30,
    });
    expect(transfer.json()).toMatchObject({ status: 400, message: 'Amount is too large' });
  });

  it('fills a market buy against an ask resting near the highest price the book takes', async () => {
    const seller = await member(t);
    const buyer = await member(t);
    await fund(t, seller, ids.btc, '1');
    await fund(t, buyer, ids.usdt, '100000');
    // The book's highest price is 2^26 ticks = 671,088.64; the 5% band above 650,000 is beyond it.
    const ask = await order(seller, {
      order_type: 'limit',
      trade_type: 'sell',
      price: '650000',
      volume: '0.00001',
    });
    expect(ask.statusCode, ask.body).toBe(200);
    const buy = await order(buyer, { order_type: 'market', trade_type: 'buy', volume: '0.00001' });
    expect(buy.statusCode, buy.body).toBe(200);
    expect(buy.json().data).toMatchObject({ status: 'filled', filled_volume: '0.00001' });
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });
});
