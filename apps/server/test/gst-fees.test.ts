import { myTradeSchema } from '@exchange/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../src/core/money.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { insertPair } from '../src/modules/listings/repository.js';
import { BACKENDS } from './support/databases.js';
import { refreshMarkets } from './support/listings.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

/**
 * Issue 52, GST on fees, through the server: every fee is the pair's rate (GST included); the
 * ledger puts its GST (18/118, rounded up to a unit, a rupee fee's to the paisa) in the `gst`
 * account and the rest in `fees`, on both sides of a fill, and the audit stays clean.
 */
describe.each(BACKENDS)('GST on fees on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let buyer: Member;
  let seller: Member;
  let inr: string;

  const order = async (
    who: Member,
    symbol: string,
    side: string,
    price: string,
    volume: string,
  ) => {
    const body = { symbol, order_type: 'limit', trade_type: side, price, volume };
    const res = await authed(t, 'POST', '/orders/spot', who.token, body);
    expect(res.json()).toMatchObject({ status: 200 });
    return res.json().data as { status: string };
  };
  const held = async (system: 'fees' | 'gst') => {
    const rows = await t.database.db
      .selectFrom('accounts')
      .select(['token_id', 'available'])
      .where('system', '=', system)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.token_id, BigInt(r.available)]));
  };
  const fills = async (who: Member) => {
    const res = await authed(t, 'GET', '/orders/spot/trades', who.token);
    return (res.json().data as unknown[]).map((f) => myTradeSchema.strict().parse(f));
  };

  beforeAll(async () => {
    inr = t.app.ctx.core.tokens.get('INR').id;
    await insertPair(t.database.db, {
      baseTokenId: ids.btc,
      quoteTokenId: inr,
      tickSize: '1',
      lotSize: '0.00001',
      minNotional: '0',
    });
    await refreshMarkets(t.app.ctx.core, t.app.ctx.db);
    buyer = await member(t, { pan: true });
    seller = await member(t, { pan: true });
    await fund(t, buyer, ids.usdt, '10000');
    await fund(t, buyer, inr, '10000');
    await fund(t, seller, ids.btc, '1');
    await order(seller, 'BTCUSDT', 'sell', '30000', '0.1');
    await order(buyer, 'BTCUSDT', 'buy', '30000', '0.1');
    await order(seller, 'BTCINR', 'sell', '4000000', '0.001');
    await order(buyer, 'BTCINR', 'buy', '4000000', '0.001');
  });

  it("splits both sides' fees into taxable value and GST in the ledger, summing to the fee", async () => {
    const units = (s: string) => parseAmount(s)!;
    // BTCUSDT: the buyer's fee 0.0001 BTC, the seller's 3 USDT; BTCINR: 0.000001 BTC and ₹4.00.
    const btcFee = units('0.0001') + units('0.000001');
    const btcGst = 15_254_237_288_136n + 152_542_372_882n;
    expect(await held('gst')).toEqual({
      [ids.btc]: btcGst,
      [ids.usdt]: units('0.457627118644067797'),
      [inr]: units('0.62'),
    });
    expect(await held('fees')).toEqual({
      [ids.btc]: btcFee - btcGst,
      [ids.usdt]: units('2.542372881355932203'),
      [inr]: units('3.38'),
    });
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it("gives the GST part of each fill's fee in the trade history", async () => {
    const bought = await fills(buyer);
    expect(bought.map((f) => [f.symbol, f.fee, f.gst])).toEqual([
      ['BTCINR', '0.000001', '0.000000152542372882'],
      ['BTCUSDT', '0.0001', '0.000015254237288136'],
    ]);
    const sold = await fills(seller);
    expect(sold.map((f) => [f.symbol, f.fee, f.gst, f.fee_token])).toEqual([
      ['BTCINR', '4', '0.62', 'INR'],
      ['BTCUSDT', '3', '0.457627118644067797', 'USDT'],
    ]);
    const csv = await authed(t, 'GET', '/orders/spot/trades/csv', seller.token);
    expect(csv.body).toContain('Fee (incl. GST),GST in fee');
  });
});
