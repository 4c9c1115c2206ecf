import { describe, expect, it } from 'vitest';
import { AppError, rateLimited } from '../../lib/app-error.js';
import { toBinanceError } from './errors.js';

describe("the shared services' refusals in Binance's words", () => {
  const words = (err: unknown, action: 'cancel' | 'query' | 'other' = 'other') => {
    const e = toBinanceError(err, action);
    return { code: e.code, msg: e.msg, status: e.status };
  };

  it('answers a rate limit 429 with -1003', () => {
    expect(words(rateLimited(12))).toEqual({
      code: -1003,
      msg: 'Too many requests. Try again in 12s',
      status: 429,
    });
  });

  it('answers a fault of the server 500 -1000 (logged), a framework refusal of the request 4xx', () => {
    expect(words(new TypeError('boom'))).toEqual({
      code: -1000,
      msg: 'An unknown error occurred while processing the request.',
      status: 500,
    });
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(words(tooLarge)).toMatchObject({ code: -1000, status: 413 });
  });

  it('tells an unknown order by what was asked: -2011 to cancel, -2013 to query', () => {
    const missing = new AppError('NOT_FOUND', 'Order not found');
    expect(words(missing, 'cancel').code).toBe(-2011);
    expect(words(missing, 'query').code).toBe(-2013);
  });

  it('maps balances, post-only, the identity gate, halts and minimum value by code, not text', () => {
    expect(words(new AppError('INSUFFICIENT_BALANCE', 'x'))).toMatchObject({
      code: -2010,
      msg: 'Account has insufficient balance for requested action.',
    });
    const cross = new AppError('BAD_REQUEST', 'x', { reason: 'POST_ONLY_WOULD_CROSS' });
    expect(words(cross).msg).toBe('Order would immediately match and take.');
    expect(words(new AppError('KYC_REQUIRED', 'x'))).toMatchObject({ code: -2010, status: 403 });
    const halted = new AppError('CONFLICT', 'any words', { reason: 'MARKET_CLOSED' });
    expect(words(halted).msg).toBe('Market is closed.');
    expect(words(new AppError('CONFLICT', 'Trading on BTCUSDT is halted')).msg).toBe(
      'Duplicate order sent.',
    );
    const small = new AppError('BAD_REQUEST', 'any words', { reason: 'NOTIONAL' });
    expect(words(small).msg).toBe('Filter failure: NOTIONAL');
    expect(words(new AppError('BAD_REQUEST', 'Order value must be at least 10 USDT')).msg).toBe(
      'Order value must be at least 10 USDT',
    );
  });

  it("words the order service's filter codes as Binance's filter failures", () => {
    const said = (reason: string) =>
      words(new AppError('BAD_REQUEST', 'x', { reason })) as { code: number; msg: string };
    expect(said('PRICE_FILTER')).toMatchObject({
      code: -1013,
      msg: 'Filter failure: PRICE_FILTER',
    });
    expect(said('LOT_SIZE')).toMatchObject({ code: -1013, msg: 'Filter failure: LOT_SIZE' });
    expect(said('STOP_WOULD_TRIGGER')).toMatchObject({
      code: -2010,
      msg: 'Stop price would trigger immediately.',
    });
    expect(said('FOK_NOT_FILLABLE').code).toBe(-2010);
    expect(said('SOMETHING_ELSE')).toMatchObject({ code: -1013, msg: 'x' });
  });

  it('hides internal failures behind -1001 and anything unknown behind -1000', () => {
    expect(words(new AppError('UNAVAILABLE', 'db down'))).toMatchObject({
      code: -1001,
      status: 503,
    });
    expect(words(new Error('boom'))).toMatchObject({ code: -1000 });
  });
});
