import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerOne } from '../src/core/money.js';
import { grantFunds } from '../src/demo/grant-funds.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS } from './support/databases.js';
import { listTestTokens, member, sessionToken, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PAYOUT = '0x2222222222222222222222222222222222222222';

/**
 * Money calls with an `Idempotency-Key`: a retry of a committed call gets the first answer again
 * and moves nothing twice; the same key with another request is 422; keys are the user's own and
 * last 24 hours; the answer is kept with the call's effect.
 */
describe.each(BACKENDS)('idempotency keys on %s', (kind) => {
  let t: TestApp;
  let tokens: { usdt: string; eth: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    tokens = await listTestTokens(t);
  });
  afterAll(() => t.close());

  const call = (user: Member, url: string, payload: object, key?: string) =>
    t.request({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: {
        authorization: `Bearer ${user.token}`,
        ...(key !== undefined && { 'idempotency-key': key }),
      },
      payload,
    });

  async function funded(wallet: 'spot' | 'funding', amount: bigint) {
    const user = await member(t);
    await grantFunds(t.app.ctx.core, { userId: user.id, tokenId: tokens.usdt, amount, wallet });
    return user;
  }

  const balance = (user: Member, wallet: 'spot' | 'funding') =>
    t.app.ctx.core.state.accounts.user(user.id, tokens.usdt, wallet).available;

  const transfer = { from_wallet: 'spot', to_wallet: 'funding', amount: '10', token_id: '' };

  it('moves money once for a transfer sent twice with one key, and answers the same both times', async () => {
    const user = await funded('spot', 100n * ledgerOne);
    const body = { ...transfer, token_id: tokens.usdt };
    const first = await call(user, '/wallets/transfer', body, 'transfer-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await call(user, '/wallets/transfer', body, 'transfer-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(balance(user, 'spot')).toBe(90n * ledgerOne);
    expect(balance(user, 'funding')).toBe(10n * ledgerOne);

    // Without a key, or with a new one, each call is its own.
    expect((await call(user, '/wallets/transfer', body)).statusCode).toBe(200);
    expect((await call(user, '/wallets/transfer', body, 'transfer-2')).statusCode).toBe(200);
    expect(balance(user, 'spot')).toBe(70n * ledgerOne);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('refuses the same key with another request (422) and changes nothing', async () => {
    const user = await funded('spot', 100n * ledgerOne);
    const body = { ...transfer, token_id: tokens.usdt };
    expect((await call(user, '/wallets/transfer', body, 'k')).statusCode).toBe(200);
    const other = await call(user, '/wallets/transfer', { ...body, amount: '11' }, 'k');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message:
        'This Idempotency-Key was already used for a different request: use a new key for a new request',
    });
    expect(balance(user, 'spot')).toBe(90n * ledgerOne);
  });

  it('keeps keys per user, refuses a malformed key, and keeps no answer for a refusal', async () => {
    const [a, b] = [await funded('spot', 100n * ledgerOne), await funded('spot', 100n * ledgerOne)];
    const body = { ...transfer, token_id: tokens.usdt };
    expect((await call(a, '/wallets/transfer', body, 'shared')).statusCode).toBe(200);
    const other = await call(b, '/wallets/transfer', body, 'shared');
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(balance(b, 'spot')).toBe(90n * ledgerOne);

    const bad = await call(a, '/wallets/transfer', body, 'two words');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Idempotency-Key must be 1 to 255 visible characters',
    });

    const tooMuch = { ...body, amount: '1000' };
    expect((await call(a, '/wallets/transfer', tooMuch, 'short')).statusCode).toBe(400);
    // The refusal kept nothing: once funded, the same key and request runs.
    await grantFunds(t.app.ctx.core, {
      userId: a.id,
      tokenId: tokens.usdt,
      amount: 1000n * ledgerOne,
      wallet: 'spot',
    });
    expect((await call(a, '/wallets/transfer', tooMuch, 'short')).statusCode).toBe(200);
    expect(balance(a, 'funding')).toBe(1010n * ledgerOne);
  });

  it('holds a withdrawal once for a request sent twice, and twice at once', async () => {
    const user = await funded('funding', 100n * ledgerOne);
    const body = { network: 'ethereum', address: PAYOUT, amount: '5', token_id: tokens.usdt };
    const [first, same] = await Promise.all([
      call(user, '/wallets/withdraw', body, 'w-1'),
      call(user, '/wallets/withdraw', body, 'w-1'),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    // At once: the second either waited for the first's answer or met it on its way.
    expect([200, 409]).toContain(same.statusCode);
    if (same.statusCode === 200) expect(same.json()).toEqual(first.json());
    else expect(same.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    const retry = await call(user, '/wallets/withdraw', body, 'w-1');
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const history = await t.request({
      method: 'GET',
      url: '/api/v1/wallets/withdraw/history',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(history.json().data).toHaveLength(1);
    expect(balance(user, 'funding')).toBe(95n * ledgerOne);
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('answers a key 24 hours later as a new call', async () => {
    const user = await funded('spot', 100n * ledgerOne);
    const body = { ...transfer, token_id: tokens.usdt };
    expect((await call(user, '/wallets/transfer', body, 'daily')).statusCode).toBe(200);
    t.clock.advance(24 * 3_600_000 + 1000);
    user.token = await sessionToken(t, user.id);
    const later = await call(user, '/wallets/transfer', body, 'daily');
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(balance(user, 'spot')).toBe(80n * ledgerOne);
    // And that call's answer is the one kept now.
    const retry = await call(user, '/wallets/transfer', body, 'daily');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(balance(user, 'spot')).toBe(80n * ledgerOne);
  });
});
