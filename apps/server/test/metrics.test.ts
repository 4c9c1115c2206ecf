import { describe, expect, it } from 'vitest';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member } from './support/members.js';
import { sampleOf, samplesOf } from './support/prom-text.js';

// Metrics do not depend on the database: one backend, the real one when there is one.
describe('Prometheus metrics, request logs and health endpoints', () => {
  const logged: Record<string, unknown>[] = [];
  const { t, ids } = useMarketApp(BACKENDS.at(-1)!, {
    env: { LOG_LEVEL: 'info' },
    overrides: { logStream: { write: (line) => void logged.push(JSON.parse(line)) } },
  });

  const scrape = (authorization?: string) =>
    t.request({
      method: 'GET',
      url: '/api/v1/ops/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('serves metrics only to the operator token, as Prometheus sends it', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-token')).statusCode).toBe(401);
    const res = await scrape(`Bearer ${t.app.ctx.opsToken}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(res.body).toContain('# TYPE exchange_nodejs_eventloop_lag_seconds gauge');
    // Every series says which role the process plays: one process is `single`.
    expect(sampleOf(res.body, 'exchange_sequencer_queue_depth', { role: 'single' })).toBe(0);
    const roles = new Set(samplesOf(res.body).map((sample) => sample.labels.role));
    expect([...roles]).toEqual(['single']);
    // The database pool: how many connections are busy and idle, and how many queries wait.
    for (const gauge of ['in_use', 'idle', 'waiting'])
      expect(
        sampleOf(res.body, `exchange_db_pool_${gauge}`, { pool: 'main' }),
      ).toBeGreaterThanOrEqual(0);
    expect(
      sampleOf(res.body, 'exchange_db_pool_wait_seconds_count', { pool: 'main' }),
    ).toBeGreaterThan(0);
    // A single process has no broker: no gateway series.
    expect(res.body).not.toContain('exchange_broker_round_trip_seconds');
  });

  it('counts requests by route pattern, committed batches, orders and trades', async () => {
    const seller = await member(t, { pan: true });
    const buyer = await member(t, { pan: true });
    await fund(t, seller, ids.btc, '1');
    await fund(t, buyer, ids.usdt, '10000');
    const before = (await scrape(`Bearer ${t.app.ctx.opsToken}`)).body;
    const place = (token: string, trade_type: string) =>
      authed(t, 'POST', '/orders/spot', token, {
        symbol: 'BTCUSDT',
        order_type: 'limit',
        trade_type,
        price: '30000',
        volume: '0.1',
      });
    expect((await place(seller.token, 'sell')).statusCode).toBe(200);
    expect((await place(buyer.token, 'buy')).json().data.status).toBe('filled');

    const after = (await scrape(`Bearer ${t.app.ctx.opsToken}`)).body;
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sampleOf(after, name, labels) ?? 0) - (sampleOf(before, name, labels) ?? 0);
    const orderRoute = { method: 'POST', route: '/api/v1/orders/spot' };
    expect(delta('exchange_http_requests_total', { ...orderRoute, status: '200' })).toBe(2);
    expect(delta('exchange_http_request_duration_seconds_count', orderRoute)).toBe(2);
    expect(delta('exchange_orders_total')).toBe(2);
    expect(delta('exchange_trades_total')).toBe(1);
    expect(delta('exchange_sequencer_batch_commands_count')).toBeGreaterThanOrEqual(2);
    expect(delta('exchange_sequencer_commit_seconds_count')).toBeGreaterThanOrEqual(2);
    // Patterns, never raw URLs: an id in a path adds no series of its own.
    expect(after).not.toMatch(/route="\/api\/v1\/orders\/spot\/[0-9a-f-]{8,}"/);
  });

  it('logs refused requests at info with their request id, and no line per good order', async () => {
    const answered = () => logged.filter((l) => l.msg === 'answered');
    expect(answered().filter((l) => l.url === '/api/v1/orders/spot')).toEqual([]);
    const before = answered().length;
    expect((await scrape('Bearer wrong')).statusCode).toBe(401);
    expect(answered().slice(before)).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: expect.any(String),
        method: 'GET',
        url: '/api/v1/ops/metrics',
        status: 401,
        ms: expect.any(Number),
      }),
    ]);
  });

  it('answers liveness without the database and readiness with it', async () => {
    const live = await t.request({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.json()).toEqual({ success: true, status: 200, message: 'OK', data: null });
    const ready = await t.request({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.json()).toMatchObject({ status: 200, data: { status: 'ok' } });
  });
});
