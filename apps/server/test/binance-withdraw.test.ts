import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { createKey, type TestKey } from './support/api-keys.js';
import { ccxtBinance } from './support/binance-clients.js';
import { signedParams } from './support/binance-signed.js';
import { BACKENDS } from './support/databases.js';
import { guardCcxtHosts, guardHosts } from './support/host-guard.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, sessionToken, type Member } from './support/members.js';
import { enrolTotp, totpCodeAt } from './support/two-factor.js';

const kind = BACKENDS.at(-1) ?? 'pglite';
const PAYOUT = '0x2222222222222222222222222222222222222222';
const OTHER = '0x3333333333333333333333333333333333333333';
const DAY_MS = 86_400_000;
const STEP_MS = 30_000;

/**
 * ccxt's `withdraw` (`POST /sapi/v1/capital/withdraw/apply`) through our withdrawal service: a
 * key with the `withdraw` permission (made with the authenticator's code) withdraws from the
 * funding wallet with the web form's checks, to review; refusals in Binance's codes. (ccxt raises
 * the wallet's -40xx codes as its own classes only for a URL `https://api.<hostname>/`; on
 * another host, as here, they come as ExchangeError or BadRequest with the code in the message.)
 * Attacks: a key without the permission, a replayed or stale signature,
 * an address off the whitelist.
 */
describe(`ccxt's withdraw through /sapi (${kind})`, () => {
  const { t, ids } = useMarketApp(kind);
  let url: string;
  let guard: ReturnType<typeof guardHosts>;
  const ccxtGuards: ReturnType<typeof guardCcxtHosts>[] = [];
  let user: Member;
  let secret: string;
  let payouts: TestKey;
  let trader: TestKey;

  /** ccxt on the server, its nonce on the test clock (moved by days here). */
  const client = (key: TestKey) => {
    const exchange = ccxtBinance(url, key);
    exchange.options.timeDifference = -t.clock.offsetMs;
    exchange.options.fetchCurrencies = true;
    ccxtGuards.push(guardCcxtHosts(exchange, new URL(url).host));
    return exchange;
  };
  const freshCode = () => {
    t.clock.advance(STEP_MS);
    return totpCodeAt(t, secret);
  };
  const funding = async () => {
    const res = await authed(t, 'GET', `/balances/${ids.usdt}?wallet_type=funding`, user.token);
    const { amount, locked_balance } = res.json().data as Record<string, string>;
    return { amount, locked: locked_balance };
  };
  /** A signed withdraw/apply sent by hand at `timestamp`, as a form body. */
  const apply = (key: TestKey, body: string) =>
    t.request({
      method: 'POST',
      url: '/sapi/v1/capital/withdraw/apply',
      headers: { 'x-mbx-apikey': key.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      payload: signedParams(key, body),
    });

  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    guard = guardHosts(new URL(url).host);
    user = await member(t);
    await fund(t, user, ids.usdt, '100', 'funding');
    ({ secret } = await enrolTotp(t, user.token));
    // A new second factor starts the cooling-off period: withdraw keys are made after it.
    t.clock.advance(DAY_MS);
    user.token = await sessionToken(t, user.id);
    const scopes = ['read', 'withdraw'] as const;
    payouts = await createKey(t, user, { scopes: [...scopes], two_factor_code: await freshCode() });
    trader = await createKey(t, user, { two_factor_code: await freshCode() });
  });
  afterAll(() => guard?.release());

  it('withdraws to review, answering the id the history lists it under', async () => {
    const exchange = client(payouts);
    const sent = await exchange.withdraw('USDT', 10, PAYOUT, undefined, { network: 'ERC20' });
    expect(sent.id).toMatch(/^[0-9a-f-]{36}$/);
    const account = (await exchange.fetchBalance()).info as { canWithdraw?: boolean };
    expect(account.canWithdraw).toBe(true);
    const history = await exchange.fetchWithdrawals('USDT');
    expect(history.map((w) => [w.id, w.amount, w.address, w.status, w.network])).toEqual([
      [sent.id, 10, PAYOUT, 'pending', 'ERC20'],
    ]);
    // Held in the funding wallet until an admin approves or rejects it, as from the web.
    expect(await funding()).toMatchObject({ amount: '90', locked: '10' });
    const own = await authed(t, 'GET', '/wallets/withdraw/history', user.token);
    expect(own.json().data[0]).toMatchObject({ _id: sent.id, status: 'pending', amount: '10' });
  });

  it("refuses a key without the withdraw permission (-2015), ccxt's AuthenticationError", async () => {
    await expect(client(trader).withdraw('USDT', 10, PAYOUT)).rejects.toThrow(
      ccxt.AuthenticationError,
    );
    expect(await funding()).toMatchObject({ amount: '90', locked: '10' });
  });

  it('accepts a signed request once: a replay is -1022, a stale timestamp -1021', async () => {
    const body = `coin=USDT&network=ETH&address=${PAYOUT}&amount=5&timestamp=${t.clock.now().getTime()}`;
    const first = await apply(payouts, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(Object.keys(first.json())).toEqual(['id']);
    const replayed = await apply(payouts, body);
    expect(replayed.json()).toEqual({
      code: -1022,
      msg: 'Request already received (replayed signature).',
    });
    const stale = `coin=USDT&address=${PAYOUT}&amount=5&timestamp=${t.clock.now().getTime() - 6000}`;
    expect((await apply(payouts, stale)).json()).toMatchObject({ code: -1021 });
    const wide = `${stale}&recvWindow=60001`;
    expect((await apply(payouts, wide)).json()).toMatchObject({ code: -1131 });
    expect(await funding()).toMatchObject({ amount: '85', locked: '15' });
  });

  it("refuses in Binance's codes what the web form refuses: funds, minimum, address", async () => {
    const exchange = client(payouts);
    await expect(exchange.withdraw('USDT', 500, PAYOUT)).rejects.toThrow(/"code":-4026/);
    const now = () => t.clock.now().getTime();
    const zero = `coin=USDT&address=0x${'0'.repeat(40)}&amount=5&timestamp=${now()}`;
    expect((await apply(payouts, zero)).json()).toEqual({ code: -4033, msg: 'Illegal address.' });
    const fine = `coin=USDT&address=${PAYOUT}&amount=1.0000001&timestamp=${now()}`;
    expect((await apply(payouts, fine)).json()).toMatchObject({ code: -4021 });
    const coin = `coin=DOGE&address=${PAYOUT}&amount=1&timestamp=${now()}`;
    expect((await apply(payouts, coin)).json()).toMatchObject({ code: -4018 });
    expect(await funding()).toMatchObject({ amount: '85', locked: '15' });
  });

  it('withdraws only to saved addresses past their 24 hours once the whitelist is on', async () => {
    const on = await authed(t, 'PUT' as 'POST', '/withdraw-addresses/whitelist', user.token, {
      enabled: true,
      two_factor_code: await freshCode(),
    });
    expect(on.statusCode, on.body).toBe(200);
    const exchange = client(payouts);
    const unlisted = exchange.withdraw('USDT', 10, OTHER);
    await expect(unlisted).rejects.toThrow(
      /"code":-4035,"msg":"This address is not on the whitelist/,
    );
    const saved = await authed(t, 'POST', '/withdraw-addresses', user.token, {
      label: 'Cold wallet',
      network: 'ethereum',
      address: OTHER,
      two_factor_code: await freshCode(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const tooNew = `coin=USDT&address=${OTHER}&amount=10&timestamp=${t.clock.now().getTime()}`;
    expect((await apply(payouts, tooNew)).json()).toMatchObject({ code: -4036 });

    t.clock.advance(DAY_MS);
    user.token = await sessionToken(t, user.id);
    const later = client(payouts);
    const sent = await later.withdraw('USDT', 10, OTHER, undefined, { network: 'ERC20' });
    expect(sent.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await funding()).toMatchObject({ amount: '75', locked: '25' });
  });

  it('sent nothing to another host, and leaves the ledger balanced', async () => {
    expect(guard.foreign).toEqual([]);
    expect(ccxtGuards.flatMap((g) => g.foreign)).toEqual([]);
    expect(ccxtGuards.every((g) => g.seen() > 0)).toBe(true);
    await t.app.ctx.core.sequencer.idle();
    expect((await auditLedger(t.app.ctx.db)).ok).toBe(true);
  });
});
