import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, type TestKey } from './support/api-keys.js';
import { ccxtProBinance, type ProBinance } from './support/binance-clients.js';
import { StreamClient } from './support/binance-stream-client.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

const kind = BACKENDS.at(-1) ?? 'pglite';

/**
 * Binance's `balanceUpdate` and `outboundAccountPosition` on the user data streams: a move of a
 * spot balance that no order made (a transfer from or to the funding wallet, where deposits land
 * and withdrawals leave from) is told as its delta, then the position of the spot assets that
 * changed, and only those; ccxt pro's `watchBalance` over the WebSocket API follows it.
 */
describe(`balanceUpdate and outboundAccountPosition (${kind})`, () => {
  const { t, ids } = useMarketApp(kind);
  let url: string;
  let user: Member;
  let key: TestKey;
  let stream: StreamClient;
  let pro: ProBinance | undefined;

  // The stream is open before the funding, and the funding's position read from it: a move not
  // yet told when a stream opens is told with the next one (the assets changed since last told).
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await member(t);
    key = await createKey(t, user);
    const headers = { 'x-mbx-apikey': key.apiKey };
    const made = await fetch(`${url}/api/v3/userDataStream`, { method: 'POST', headers });
    const { listenKey } = (await made.json()) as { listenKey: string };
    stream = await StreamClient.open(`${url.replace(/^http/, 'ws')}/ws/${listenKey}`);
    await fund(t, user, ids.usdt, '1000');
    await fund(t, user, ids.btc, '2');
    await stream.next(
      (f) =>
        f.e === 'outboundAccountPosition' &&
        JSON.stringify(f.B).includes('"a":"BTC","f":"2.00000000"'),
    );
  });
  afterAll(async () => {
    stream.ws.terminate();
    const watching = pro?.watchBalance();
    await pro?.close();
    await Promise.allSettled([watching]);
  });

  const transfer = (from: 'spot' | 'funding', to: 'spot' | 'funding', amount: string) =>
    authed(t, 'POST', '/wallets/transfer', user.token, {
      from_wallet: from,
      to_wallet: to,
      amount,
      token_id: ids.usdt,
    });

  it("tells a listen key's stream each transfer's delta, then the changed asset's position", async () => {
    const before = Date.now();
    expect((await transfer('spot', 'funding', '250')).statusCode).toBe(200);
    const update = await stream.next((f) => f.e === 'balanceUpdate' && f.d === '-250.00000000');
    expect(update).toMatchObject({ a: 'USDT' });
    expect(update.T).toBeGreaterThanOrEqual(before - 1000);
    // In Binance's order: the delta first, then the position it led to (USDT only: BTC did not move).
    const position = await stream.next(
      (f) => f.e === 'outboundAccountPosition' && JSON.stringify(f.B).includes('"750.00000000"'),
    );
    expect(position).toMatchObject({ B: [{ a: 'USDT', f: '750.00000000', l: '0.00000000' }] });
    expect(position.E as number).toBeGreaterThanOrEqual(update.E as number);
    expect((await transfer('funding', 'spot', '100.5')).statusCode).toBe(200);
    expect(
      await stream.next((f) => f.e === 'balanceUpdate' && f.d === '100.50000000'),
    ).toMatchObject({
      a: 'USDT',
    });
    expect(
      await stream.next(
        (f) => f.e === 'outboundAccountPosition' && JSON.stringify(f.B).includes('850.50000000'),
      ),
    ).toMatchObject({ B: [{ a: 'USDT', f: '850.50000000' }] });
  });

  it("moves ccxt pro's watchBalance over the WebSocket API by the transfer", async () => {
    pro = await ccxtProBinance(url, key);
    pro.options.watchBalance = { fetchBalanceSnapshot: true };
    await pro.loadMarkets();
    const first = await Promise.race([
      pro.watchBalance(),
      new Promise((resolve) => setTimeout(resolve, 500, 'waiting')),
    ]);
    expect(first).toBe('waiting');
    const next = pro.watchBalance();
    expect((await transfer('spot', 'funding', '50.5')).statusCode).toBe(200);
    const balance = await next;
    expect(balance.USDT?.free).toBe(800);
    expect(balance.BTC?.free).toBe(2);
  });
});
