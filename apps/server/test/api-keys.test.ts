import {
  API_KEY_HEADERS,
  apiKeySchema,
  ORDER_ENTRY_PATH,
  createdApiKeySchema,
  signingPayload,
  successSchema,
} from '@exchange/contracts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signPayload } from '../src/lib/request-signature.js';
import { createKey, signed, signedHeaders } from './support/api-keys.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, sessionToken, type Member } from './support/members.js';

describe.each(BACKENDS)('API keys and signed requests on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let user: Member;

  beforeAll(async () => {
    user = await member(t);
    await fund(t, user, ids.usdt, '1000');
  });

  const placeBody = {
    symbol: 'BTCUSDT',
    order_type: 'limit',
    trade_type: 'buy',
    price: '100',
    volume: '0.1',
  };

  it('creates a key whose secret is shown once, lists it without secrets, and stores neither in clear', async () => {
    const res = await authed(t, 'POST', '/api-keys', user.token, {
      label: 'market maker',
      scopes: ['read', 'trade'],
      ip_allowlist: ['203.0.113.7'],
      expires_in_days: 90,
    });
    expect(res.statusCode).toBe(200);
    const created = successSchema(createdApiKeySchema.strict()).parse(res.json()).data;
    expect(created).toMatchObject({
      label: 'market maker',
      scopes: ['read', 'trade'],
      status: 'active',
    });
    expect(created.api_key).toMatch(/^ak_/);
    expect(created.api_key.startsWith(created.key_prefix)).toBe(true);

    const list = await authed(t, 'GET', '/api-keys', user.token);
    const keys = successSchema(z.array(apiKeySchema.strict())).parse(list.json()).data;
    expect(keys.map((k) => k.id)).toContain(created.id);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain(created.api_key);

    const row = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(created.secret);
    expect(stored).not.toContain(created.api_key);
  });

  it('accepts a good signature for reads and trades, by scope', async () => {
    const key = await createKey(t, user);
    const wallets = await signed(t, key, 'GET', '/api/v1/wallets/spot');
    expect(wallets.statusCode).toBe(200);
    expect(
      wallets.json().data.find((b: { short_name: string }) => b.short_name === 'USDT'),
    ).toMatchObject({ amount: '1000' });
    const placed = await signed(t, key, 'POST', '/api/v1/orders/spot', placeBody);
    expect(placed.json()).toMatchObject({
      status: 200,
      data: { status: 'open', client_order_id: null },
    });
    const listed = await signed(t, key, 'GET', '/api/v1/orders/spot?order_status=open&page=1');
    expect(listed.json().data.map((o: { _id: string }) => o._id)).toContain(placed.json().data._id);
    const cancelled = await signed(
      t,
      key,
      'PATCH',
      `/api/v1/orders/spot/${placed.json().data._id}`,
      {
        status: 'cancelled',
      },
    );
    expect(cancelled.json()).toMatchObject({ status: 200, data: { status: 'cancelled' } });
  });

  it('refuses a wrong secret, a changed body or query, a stale or future timestamp, and a replay', async () => {
    const key = await createKey(t, user);
    const wrong = await signed(t, key, 'GET', '/api/v1/wallets/spot', undefined, {
      secret: 'not-the-secret',
    });
    expect(wrong.json()).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Signature does not match',
    });

    const body = JSON.stringify(placeBody);
    const tampered = await t.request({
      method: 'POST',
      url: '/api/v1/orders/spot',
      headers: {
        ...signedHeaders(t, key, 'POST', '/api/v1/orders/spot', body),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ ...placeBody, volume: '0.2' }),
    });
    expect(tampered.json()).toMatchObject({ status: 401, message: 'Signature does not match' });
    const query = await t.request({
      method: 'GET',
      url: '/api/v1/orders/spot?order_status=closed',
      headers: signedHeaders(t, key, 'GET', '/api/v1/orders/spot?order_status=open'),
    });
    expect(query.json()).toMatchObject({ status: 401, message: 'Signature does not match' });

    // Four seconds on, so that a timestamp 4 s old is still one from after the server began
    // serving (it accepts none from before: lib/request-signature.ts).
    t.clock.advance(4_000);
    const now = t.clock.now().getTime();
    for (const timestamp of [now - 6_000, now + 2_000]) {
      const stale = await signed(t, key, 'GET', '/api/v1/wallets/spot', undefined, { timestamp });
      expect(stale.json()).toMatchObject({
        status: 401,
        message: expect.stringContaining('receive window'),
      });
    }
    const edge = await signed(t, key, 'GET', '/api/v1/wallets/spot', undefined, {
      timestamp: now - 4_000,
    });
    expect(edge.statusCode).toBe(200);

    const headers = signedHeaders(t, key, 'GET', '/api/v1/wallets/funding');
    const first = await t.request({ method: 'GET', url: '/api/v1/wallets/funding', headers });
    expect(first.statusCode).toBe(200);
    const replay = await t.request({ method: 'GET', url: '/api/v1/wallets/funding', headers });
    expect(replay.json()).toMatchObject({
      status: 401,
      message: 'Request already received (replayed signature)',
    });
    // Nothing was placed by the refused order.
    const open = await signed(t, key, 'GET', '/api/v1/orders/spot?order_status=open');
    expect(open.json().total).toBe(0);
  });

  it('accepts one signature once, however its hex is spelled (review N-M1)', async () => {
    const key = await createKey(t, user);
    const body = JSON.stringify({ ...placeBody, client_order_id: 'once-only' });
    const headers: Record<string, string> = {
      ...signedHeaders(t, key, 'POST', '/api/v1/orders/spot', body),
      'content-type': 'application/json',
    };
    const signature = headers[API_KEY_HEADERS.signature] as string;
    const letter = signature.search(/[a-f]/);
    const spellings = [
      signature,
      signature,
      signature.toUpperCase(),
      `${signature.slice(0, letter)}${signature.charAt(letter).toUpperCase()}${signature.slice(letter + 1)}`,
    ];
    const answers = [];
    for (const spelling of spellings) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/orders/spot',
        headers: { ...headers, [API_KEY_HEADERS.signature]: spelling },
        payload: body,
      });
      answers.push([res.statusCode, res.json().message]);
    }
    expect(answers).toEqual([
      [200, expect.any(String)],
      [401, 'Request already received (replayed signature)'],
      [401, 'X-API-SIGNATURE must be 64 lowercase hex digits'],
      [401, 'X-API-SIGNATURE must be 64 lowercase hex digits'],
    ]);
    const open = await signed(t, key, 'GET', '/api/v1/orders/spot?order_status=open');
    expect(
      open
        .json()
        .data.filter((o: { client_order_id: string }) => o.client_order_id === 'once-only'),
    ).toHaveLength(1);
  });

  it('refuses a scope the key lacks, and calls no key may make', async () => {
    const reader = await createKey(t, user, { scopes: ['read'] });
    const order = await signed(t, reader, 'POST', '/api/v1/orders/spot', placeBody);
    expect(order.json()).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This API key lacks the trade permission',
    });
    const withdraw = await signed(t, reader, 'POST', '/api/v1/wallets/withdraw', {
      amount: '1',
      address: '0x000000000000000000000000000000000000dEaD',
      token_id: ids.usdt,
      network: 'ethereum',
    });
    expect(withdraw.json()).toMatchObject({
      status: 403,
      message: 'This API key lacks the withdraw permission',
    });
    for (const [method, url] of [
      ['GET', '/api/v1/api-keys'],
      ['GET', '/api/v1/users'],
      ['POST', '/api/v1/auth/logout'],
      ['GET', '/api/v1/admin/audit/ledger'],
    ] as const) {
      const res = await signed(t, reader, method, url);
      expect(res.json(), url).toMatchObject({ status: 403, message: 'API keys cannot call this' });
    }
  });

  it('keeps an admin key off admin routes', async () => {
    const admin = await member(t, { role: 'admin' });
    const key = await createKey(t, admin, { scopes: ['read'] });
    const res = await signed(t, key, 'GET', '/api/v1/admin/kyc');
    expect(res.json()).toMatchObject({ status: 403, message: 'API keys cannot call this' });
  });

  it('refuses an address outside the key allowlist', async () => {
    const key = await createKey(t, user, { ip_allowlist: ['203.0.113.7'] });
    const allowed = await signed(t, key, 'GET', '/api/v1/wallets/spot', undefined, {
      remoteAddress: '203.0.113.7',
    });
    expect(allowed.statusCode).toBe(200);
    const other = await signed(t, key, 'GET', '/api/v1/wallets/spot', undefined, {
      remoteAddress: '198.51.100.1',
    });
    expect(other.json()).toMatchObject({
      status: 403,
      message: 'IP address 198.51.100.1 is not allowed for this API key',
    });
  });

  it('stops a revoked key at once, and an expired one', async () => {
    const key = await createKey(t, user);
    expect((await signed(t, key, 'GET', '/api/v1/wallets/spot')).statusCode).toBe(200);
    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/v1/api-keys/${key.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(revoked.json()).toMatchObject({ status: 200, data: { status: 'revoked' } });
    const after = await signed(t, key, 'GET', '/api/v1/wallets/spot');
    expect(after.json()).toMatchObject({ status: 401, message: 'API key revoked' });
    const stranger = await member(t);
    const notTheirs = await t.request({
      method: 'DELETE',
      url: `/api/v1/api-keys/${(await createKey(t, user)).id}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(notTheirs.json()).toMatchObject({ status: 404 });

    const short = await createKey(t, user, { expires_in_days: 7 });
    t.clock.advance(8 * 86_400_000);
    try {
      const expired = await signed(t, short, 'GET', '/api/v1/wallets/spot');
      expect(expired.json()).toMatchObject({ status: 401, message: 'API key expired' });
    } finally {
      t.clock.advance(-8 * 86_400_000);
    }
  });

  it('refuses bad key requests with clear messages: unknown key, withdraw scope without a second factor', async () => {
    const unknown = await signed(
      t,
      { id: 'x', apiKey: 'ak_unknown', secret: 's' },
      'GET',
      '/api/v1/wallets/spot',
    );
    expect(unknown.json()).toMatchObject({ status: 401, message: 'Invalid API key' });
    const withdraw = await authed(t, 'POST', '/api-keys', user.token, {
      label: 'payout',
      scopes: ['withdraw'],
      expires_in_days: 30,
    });
    expect(withdraw.json()).toMatchObject({
      status: 403,
      message:
        'Withdraw permission needs two-factor authentication: turn on the authenticator app first',
    });
    const bad = await authed(t, 'POST', '/api-keys', user.token, {
      label: '',
      scopes: [],
      ip_allowlist: ['not-an-ip'],
      expires_in_days: 3,
    });
    expect(bad.json()).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(Object.keys(bad.json().data.errors)).toEqual(
      expect.arrayContaining(['label', 'scopes', 'expires_in_days']),
    );
  });
});

describe.each(BACKENDS)('API keys and the second factor on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);

  const STEP_MS = 30_000;
  /** A code of the next time step (each step's code is accepted once). */
  const nextCode = async (secret: string) => {
    t.clock.advance(STEP_MS);
    return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  };

  it('asks for a code to create any key once the authenticator app is on, and allows withdraw keys only then', async () => {
    const user = await member(t);
    await fund(t, user, ids.usdt, '100', 'funding');
    const setup = await authed(t, 'POST', '/security/totp/setup', user.token);
    const { secret } = setup.json().data as { secret: string };
    const enabled = await authed(t, 'POST', '/security/totp/enable', user.token, {
      code: await nextCode(secret),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // Past the cooling-off period a new factor starts (second-factor-changes.test.ts).
    t.clock.advance(24 * 60 * 60_000);
    user.token = await sessionToken(t, user.id);

    const body = { label: 'payout', scopes: ['read', 'withdraw'], expires_in_days: 30 };
    const noCode = await authed(t, 'POST', '/api-keys', user.token, body);
    expect(noCode.json()).toMatchObject({
      status: 403,
      code: 'SECOND_FACTOR_REQUIRED',
      message: 'Enter the code from your authenticator app to allow withdrawals',
    });
    const wrong = await authed(t, 'POST', '/api-keys', user.token, {
      ...body,
      two_factor_code: '000000',
    });
    expect(wrong.json()).toMatchObject({ status: 400, code: 'SECOND_FACTOR_INVALID' });
    const readOnly = await authed(t, 'POST', '/api-keys', user.token, {
      ...body,
      scopes: ['read'],
    });
    expect(readOnly.json()).toMatchObject({ status: 403, code: 'SECOND_FACTOR_REQUIRED' });

    const created = await authed(t, 'POST', '/api-keys', user.token, {
      ...body,
      two_factor_code: await nextCode(secret),
    });
    expect(created.json()).toMatchObject({ status: 200, data: { scopes: ['read', 'withdraw'] } });
    const { id, api_key, secret: keySecret } = created.json().data;
    const key = { id, apiKey: api_key, secret: keySecret };
    const payout = await signed(t, key, 'POST', '/api/v1/wallets/withdraw', {
      amount: '10',
      address: '0x2222222222222222222222222222222222222222',
      token_id: ids.usdt,
      network: 'ethereum',
    });
    expect(payout.json(), payout.body).toMatchObject({
      status: 200,
      data: { status: 'pending', amount: '10' },
    });
    const cannotTrade = await signed(t, key, 'POST', '/api/v1/orders/spot', {
      symbol: 'BTCUSDT',
      order_type: 'market',
      trade_type: 'buy',
      volume: '0.1',
    });
    expect(cannotTrade.json()).toMatchObject({
      status: 403,
      message: 'This API key lacks the trade permission',
    });
  });
});

describe('the README worked example', () => {
  let readme = '';
  beforeAll(async () => {
    readme = await fs.readFile(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  });
  const field = (name: string) => readme.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1] ?? '';

  it('gives the signature the README shows, for the request the README shows', () => {
    const body = field('body');
    expect(body).toContain('BTCUSDT');
    const payload = signingPayload(
      field('X-API-TIMESTAMP'),
      'POST',
      '/api/v1/orders/spot',
      '',
      body,
    );
    expect(payload).toBe(JSON.parse(field('payload')));
    expect(signPayload(field('secret'), payload)).toBe(field('X-API-SIGNATURE'));
  });

  it('gives the signature the README shows for the order-entry upgrade', () => {
    const [method = '', url = ''] = field('upgrade').split(' ');
    const [upgradePath = '', query = ''] = url.split('?');
    expect(upgradePath).toBe(ORDER_ENTRY_PATH);
    const payload = signingPayload(field('X-API-TIMESTAMP'), method, upgradePath, query, '');
    expect(payload).toBe(JSON.parse(field('upgrade payload')));
    expect(signPayload(field('secret'), payload)).toBe(field('upgrade X-API-SIGNATURE'));
  });
});
