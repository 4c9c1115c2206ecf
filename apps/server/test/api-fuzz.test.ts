import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import {
  hostileBody,
  hostileSegment,
  hostileValue,
  operationsOf,
  type Operation,
} from './support/api-fuzz.js';
import { BACKENDS } from './support/databases.js';
import { fund, listBtcUsdt } from './support/market.js';
import { authed, member, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** `FUZZ_RUNS=500 npm run fuzz:api` runs longer; `npm test` runs a bounded, seeded pass. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

describe.each(BACKENDS)('every route of the OpenAPI document, fed hostile input, on %s', (kind) => {
  let t: TestApp;
  let operations: Operation[];
  let tokens: (string | null)[];
  let foreignIds: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const ids = await listBtcUsdt(t);
    const user: Member = await member(t);
    const victim: Member = await member(t);
    const admin: Member = await member(t, { role: 'admin' });
    await fund(t, user, ids.usdt, '1000');
    await fund(t, victim, ids.btc, '1');
    await fund(t, victim, ids.usdt, '100', 'funding');
    // Things of somebody else's, for the ids a hostile caller would try.
    const order = await authed(t, 'POST', '/orders/spot', victim.token, {
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type: 'sell',
      price: '50000',
      volume: '0.1',
    });
    const withdrawal = await authed(t, 'POST', '/wallets/withdraw', victim.token, {
      network: 'ethereum',
      address: '0x1111111111111111111111111111111111111111',
      amount: '10',
      token_id: ids.usdt,
    });
    foreignIds = [
      String(order.json().data._id),
      String(withdrawal.json().data._id),
      victim.id,
      ids.usdt,
      ids.pair,
      'BTCUSDT',
    ];
    tokens = [null, user.token, admin.token, 'Bearer.not.a.token'];
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    operations = operationsOf(doc);
  }, 60_000);
  afterAll(() => t.close());

  it('answers every request below 500 and leaves a ledger that passes the audit', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const fiveHundreds: string[] = [];
    for (const op of operations) {
      const request = fc.record({
        token: fc.constantFrom(...tokens),
        segments: fc.array(hostileSegment(foreignIds), {
          minLength: op.params.length,
          maxLength: op.params.length,
        }),
        query: fc.dictionary(fc.constantFrom('_', ...Object.keys(op.query)), hostileValue, {
          maxKeys: 4,
        }),
        body: hostileBody(op.body),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ token, segments, query, body }) => {
          let url = op.path;
          op.params.forEach((name, i) => {
            url = url.replace(`{${name}}`, encodeURIComponent(segments[i] ?? ''));
          });
          const search = new URLSearchParams();
          for (const [k, v] of Object.entries(query))
            search.append(k, typeof v === 'string' ? v : String(JSON.stringify(v)));
          const res = await t.request({
            method: op.method as 'GET',
            url: `${url}?${search}`,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            ...(op.method === 'GET' || op.method === 'HEAD' ? {} : { payload: body as object }),
          });
          if (res.statusCode >= 500)
            fiveHundreds.push(`${op.method} ${url} ${JSON.stringify(body)} -> ${res.statusCode}`);
          return res.statusCode < 500;
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
    expect(fiveHundreds).toEqual([]);
    const audit = await auditLedger(t.database.db);
    expect(audit.violations).toEqual([]);
  }, 300_000);
});
