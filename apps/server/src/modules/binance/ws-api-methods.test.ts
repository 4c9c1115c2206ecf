import { describe, expect, it } from 'vitest';
import { restCallOf, signedPayload } from './ws-api-methods.js';

describe("Binance's WebSocket API as REST calls", () => {
  it('signs the parameters sorted by name, without the signature, values as they are', () => {
    expect(
      signedPayload({
        timestamp: 1700000000000,
        symbol: 'BTCUSDT',
        apiKey: 'k',
        signature: 'x',
        newClientOrderId: 'a:b/c',
        test: true,
      }),
    ).toBe('apiKey=k&newClientOrderId=a:b/c&symbol=BTCUSDT&test=true&timestamp=1700000000000');
    expect(signedPayload({})).toBe('');
    expect(signedPayload({ a: { nested: 1 } })).toBeNull();
  });

  it('maps each method to its REST endpoint with the signed query as sent', () => {
    expect(
      restCallOf('order.place', { symbol: 'BTCUSDT', side: 'BUY', signature: 'ab12', apiKey: 'k' }),
    ).toEqual({
      method: 'POST',
      url: '/api/v3/order?apiKey=k&side=BUY&symbol=BTCUSDT&signature=ab12',
    });
    expect(restCallOf('order.cancel', { orderId: 5 })).toEqual({
      method: 'DELETE',
      url: '/api/v3/order?orderId=5',
    });
    expect(restCallOf('time', {})).toEqual({ method: 'GET', url: '/api/v3/time' });
    expect(restCallOf('ticker.price', { symbols: ['BTCUSDT', 'ETHUSDT'] })).toEqual({
      method: 'GET',
      url: '/api/v3/ticker/price?symbols=["BTCUSDT","ETHUSDT"]',
    });
    expect(restCallOf('margin.borrow', {})).toBeNull();
    expect(restCallOf('order.place', { symbol: null })).toBe('bad-params');
  });
});
