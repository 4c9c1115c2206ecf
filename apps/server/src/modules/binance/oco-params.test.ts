import { describe, expect, it } from 'vitest';
import { ledgerOne } from '../../core/money.js';
import { limitLegWouldTake, readLegacyOco, readOco } from './oco-params.js';
import { BinanceParams } from './params.js';

const read = (query: string) => readOco('BTCUSDT', BinanceParams.of(query, ''));
const SELL =
  'side=SELL&quantity=0.01&aboveType=LIMIT_MAKER&abovePrice=31000&belowType=STOP_LOSS_LIMIT&belowStopPrice=29000&belowPrice=28900&belowTimeInForce=GTC';
const BUY =
  'side=BUY&quantity=0.01&belowType=LIMIT_MAKER&belowPrice=29000&aboveType=STOP_LOSS_LIMIT&aboveStopPrice=31000&abovePrice=31100&aboveTimeInForce=GTC';

describe("Binance's OCO order list as ours", () => {
  it('reads a sell as a limit order above and a stop-limit order below', () => {
    expect(read(`${SELL}&listClientOrderId=list-1`)).toEqual({
      symbol: 'BTCUSDT',
      trade_type: 'sell',
      volume: '0.01',
      price: '31000',
      stop_price: '29000',
      stop_limit_price: '28900',
      client_order_id: 'list-1',
    });
  });

  it('reads a buy the other way round, the limit leg naming the client id it was given', () => {
    expect(read(`${BUY}&belowClientOrderId=leg-1&listClientOrderId=list-1`)).toMatchObject({
      trade_type: 'buy',
      price: '29000',
      stop_price: '31000',
      stop_limit_price: '31100',
      client_order_id: 'leg-1',
    });
    expect(read(BUY).client_order_id).toMatch(/^[\w-]{22}$/);
  });

  it("refuses the combinations we do not have with Binance's -1014, and missing legs' fields", () => {
    const code = (query: string) => {
      try {
        read(query);
      } catch (err) {
        return (err as { code: number }).code;
      }
      return 0;
    };
    expect(code(SELL.replace('aboveType=LIMIT_MAKER', 'aboveType=TAKE_PROFIT_LIMIT'))).toBe(-1014);
    expect(code(SELL.replace('belowType=STOP_LOSS_LIMIT', 'belowType=STOP_LOSS'))).toBe(-1014);
    expect(code(SELL.replace('side=SELL', 'side=BUY'))).toBe(-1014);
    expect(code(SELL.replace('aboveType=LIMIT_MAKER', 'aboveType=LIMIT'))).toBe(-1116);
    expect(code(SELL.replace('&belowStopPrice=29000', ''))).toBe(-1102);
    expect(code(SELL.replace('&belowTimeInForce=GTC', ''))).toBe(-1102);
    expect(code(`${SELL}&listClientOrderId=bad id!`)).toBe(-1100);
  });

  it('finds a limit leg that would take from the book (LIMIT_MAKER never takes)', () => {
    const units = (n: number) => BigInt(n) * ledgerOne;
    const best = { bidPrice: units(30000), bidQty: 1n, askPrice: units(30100), askQty: 1n };
    const sell = read(SELL);
    expect(limitLegWouldTake(sell, best)).toBe(false);
    expect(limitLegWouldTake({ ...sell, price: '30000' }, best)).toBe(true);
    const buy = read(BUY);
    expect(limitLegWouldTake(buy, best)).toBe(false);
    expect(limitLegWouldTake({ ...buy, price: '30100' }, best)).toBe(true);
    expect(limitLegWouldTake({ ...buy, price: '30100' }, { ...best, askPrice: 0n })).toBe(false);
  });

  it('reads the deprecated order/oco: price the limit leg, stopPrice and stopLimitPrice the stop', () => {
    const legacy = (query: string) => readLegacyOco('BTCUSDT', BinanceParams.of(query, ''));
    const old =
      'side=SELL&quantity=0.01&price=31000&stopPrice=29000&stopLimitPrice=28900&stopLimitTimeInForce=GTC';
    expect(legacy(`${old}&limitClientOrderId=leg-1&listClientOrderId=list-1`)).toEqual({
      symbol: 'BTCUSDT',
      trade_type: 'sell',
      volume: '0.01',
      price: '31000',
      stop_price: '29000',
      stop_limit_price: '28900',
      client_order_id: 'leg-1',
    });
    const codeOf = (query: string) => {
      try {
        legacy(query);
      } catch (err) {
        return (err as { code: number }).code;
      }
      return null;
    };
    // A market stop leg (no stopLimitPrice) we have not; a stop limit needs its time in force.
    expect(codeOf('side=SELL&quantity=0.01&price=31000&stopPrice=29000')).toBe(-1014);
    expect(codeOf('side=SELL&quantity=0.01&price=31000&stopPrice=29000&stopLimitPrice=1')).toBe(
      -1102,
    );
  });
});
