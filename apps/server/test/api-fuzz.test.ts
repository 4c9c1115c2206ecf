import { apiErrorSchema } from '@exchange/contracts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import {
  hostileBody,
  hostileSegment,
  hostileValue,
  operationsOf,
  type Operation,
} from './support/api-fuzz.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

/** `FUZZ_RUNS=500 npm run fuzz:api` runs longer; `npm test` runs a bounded, seeded pass. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

describe.each(BACKENDS)('every route of the OpenAPI document, fed hostile input, on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let operations: Operation[];
  let tokens: (string | null)[];
  let foreignIds: string[];

  beforeAll(async () => {
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

  it('answers every request below 500 and leaves a ledger that passes the audit', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const fiveHundreds: string[] = [];
    const offContract: string[] = [];
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
          const seen = `${op.method} ${url.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 200)}`;
          if (res.statusCode >= 500) fiveHundreds.push(`${seen} -> ${res.statusCode}`);
          // Every refusal keeps the envelope, its status the answer's (review S1).
          if (res.statusCode >= 400 && !isEnvelope(res.body, res.statusCode))
            offContract.push(`${seen} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          return res.statusCode < 500;
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
    expect(fiveHundreds).toEqual([]);
    expect(offContract).toEqual([]);
    const audit = await auditLedger(t.database.db);
    expect(audit.violations).toEqual([]);
  }, 300_000);

  it('checks sign-in before a long path parameter, and answers both in the envelope (review S1)', async () => {
    const long = 'A'.repeat(5000);
    const admin = await member(t, { role: 'admin' });
    for (const [method, url] of [
      ['POST', `/api/v1/admin/markets/pairs/${long}/halt`],
      ['POST', `/api/v1/symbols/${long}/favorites`],
      ['PATCH', `/api/v1/orders/spot/${long}`],
      ['DELETE', `/api/v1/api-keys/${long}`],
    ] as const) {
      const anonymous = await t.request({ method, url, payload: {} });
      expect(anonymous.statusCode, method).toBe(401);
      expect(isEnvelope(anonymous.body, 401), anonymous.body).toBe(true);
      const signedIn = await t.request({
        method,
        url,
        payload: {},
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect([400, 404], signedIn.body.slice(0, 200)).toContain(signedIn.statusCode);
      expect(isEnvelope(signedIn.body, signedIn.statusCode)).toBe(true);
      expect(signedIn.body).not.toContain(long);
    }
    const malformed = await t.request({
      method: 'POST',
      url: '/api/v1/symbols/%E0%A4%A/favorites',
    });
    expect(isEnvelope(malformed.body, 400), malformed.body).toBe(true);
  });

  it('answers a method a path does not take with 405, Allow and the envelope (review S2)', async () => {
    // The methods of every operation whose path pattern matches a concrete URL.
    const patterns = operations.map((op) => ({
      method: op.method,
      match: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }));
    const methodsAt = (url: string) =>
      new Set(patterns.filter((p) => p.match.test(url)).map((p) => p.method));
    for (const path of new Set(operations.map((op) => op.path))) {
      const url = path.replace(/\{[^}]+\}/g, 'x');
      const methods = methodsAt(url);
      for (const method of ['PUT', 'DELETE', 'PATCH', 'TRACE'].filter((m) => !methods.has(m))) {
        const res = await t.request({ method: method as 'PUT', url });
        expect(res.statusCode, `${method} ${path}`).toBe(405);
        expect(isEnvelope(res.body, 405), res.body).toBe(true);
        const allow = String(res.headers.allow).split(', ');
        for (const m of methods) expect(allow, `${method} ${path}`).toContain(m);
      }
    }
  });
});

function isEnvelope(body: string, status: number): boolean {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(body));
    return parsed.success && parsed.data.status === status;
  } catch {
    return false;
  }
}
