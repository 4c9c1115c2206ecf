import { beforeAll, describe, expect, it } from 'vitest';
import { loadPairs } from '../src/core/trading/pairs.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

const SOL = {
  name: 'Solana',
  short_name: 'sol',
  decimals: 4,
  networks: [
    {
      network: 'bsc',
      contract_address: '0x570A5D26f7765Ecb712C0924E4De545B89fD43dF',
      decimals: 18,
    },
  ],
};
const SOL_PAIR = {
  tick_size: '0.01',
  lot_size: '0.01',
  min_notional: '1',
  maker_fee: '0.001',
  taker_fee: '0.001',
};

describe.each(BACKENDS)('admin markets on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let admin: Member;

  beforeAll(async () => {
    admin = await member(t, { role: 'admin' });
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    token = admin.token,
  ) =>
    t.request({
      method,
      url: `/api/v1/admin/markets${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const order = (user: Member, body: Record<string, unknown>) =>
    authed(t, 'POST', '/orders/spot', user.token, { order_type: 'limit', ...body });
  const symbol = async (name: string) => {
    const res = await t.request({ method: 'GET', url: '/api/v1/symbols?page_size=100' });
    return (res.json().data as { symbol: string }[]).find((s) => s.symbol === name);
  };

  it('refuses a bad token or pair with a clear message and lists nothing', async () => {
    const cases: [string, object, string][] = [
      ['/tokens', { ...SOL, short_name: 's' }, 'Short name: 2 to 10 capital letters or digits'],
      ['/tokens', { ...SOL, name: '' }, 'Enter the token name'],
      ['/tokens', { ...SOL, decimals: 19 }, 'Decimals: a whole number from 0 to 18'],
      [
        '/tokens',
        { ...SOL, networks: [{ network: 'bsc', contract_address: '0x12', decimals: 18 }] },
        'Enter the contract address (0x followed by 40 hex digits), or leave it empty for the native coin',
      ],
      [
        '/tokens',
        { ...SOL, networks: [...SOL.networks, ...SOL.networks] },
        'List each network once',
      ],
      ['/tokens', { ...SOL, short_name: 'BTC' }, 'A token with this short name is already listed'],
      ['/pairs', { ...SOL_PAIR, base_token_id: ids.btc }, 'This pair is already listed'],
      [
        '/pairs',
        { ...SOL_PAIR, base_token_id: ids.usdt },
        'The base token cannot be the quote token',
      ],
      [
        '/pairs',
        { ...SOL_PAIR, base_token_id: 'BTC', tick_size: '0' },
        'Tick size must be a positive decimal with at most 18 places',
      ],
      [
        '/pairs',
        { ...SOL_PAIR, base_token_id: 'BTC', maker_fee: '0.2' },
        'A fee is a fraction from 0 to 0.1 (0.001 is 0.1%)',
      ],
      ['/pairs', { ...SOL_PAIR, base_token_id: 'NOPE' }, 'Unknown token'],
    ];
    for (const [url, body, message] of cases) {
      const res = await call('POST', url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const listed = (await call('GET', '')).json().data;
    // The rupee is listed at every start (listings/rupee.ts); nothing of the refused calls is.
    expect(listed.tokens.map((x: { short_name: string }) => x.short_name)).toEqual([
      'BTC',
      'INR',
      'USDT',
    ]);
    expect(listed.pairs.map((x: { symbol: string }) => x.symbol)).toEqual(['BTCUSDT']);
  });

  it('lists a token and a USDT pair that trade at once, without a restart', async () => {
    const token = await call('POST', '/tokens', SOL);
    expect(token.statusCode, token.body).toBe(201);
    expect(token.json()).toMatchObject({
      message: 'SOL listed',
      data: {
        short_name: 'SOL',
        decimals: 4,
        networks: [
          { network: 'bsc', contract_address: '0x570a5d26f7765ecb712c0924e4de545b89fd43df' },
        ],
      },
    });
    const solId = token.json().data._id as string;
    // Wallets know it at once.
    const user = await member(t);
    const wallets = await authed(t, 'GET', `/wallets?token_id=SOL`, user.token);
    expect(wallets.json().data).toMatchObject([{ token_id: solId, short_name: 'SOL' }]);

    const fine = await call('POST', '/pairs', {
      ...SOL_PAIR,
      base_token_id: solId,
      tick_size: '0.0000000001',
      lot_size: '0.0000000001',
    });
    expect(fine.json()).toMatchObject({
      status: 400,
      message: 'Tick size × lot size must be a whole multiple of 0.000000000000000001',
    });
    const pair = await call('POST', '/pairs', { ...SOL_PAIR, base_token_id: solId });
    expect(pair.statusCode, pair.body).toBe(201);
    expect(pair.json().data).toMatchObject({
      symbol: 'SOLUSDT',
      status: 'trading',
      tick_size: '0.01',
      min_notional: '1',
      open_orders: 0,
    });
    expect(await symbol('SOLUSDT')).toMatchObject({
      status: 'trading',
      maker_fee: '0.001',
      base_token: { short_name: 'SOL' },
    });
    await fund(t, user, ids.usdt, '1000');
    const placed = await order(user, {
      symbol: 'SOLUSDT',
      trade_type: 'buy',
      price: '20',
      volume: '2',
    });
    expect(placed.json()).toMatchObject({ status: 200, data: { status: 'open' } });
    const book = await t.request({ method: 'GET', url: '/api/v1/symbols/SOLUSDT/orderbook' });
    expect(book.json().data.bids).toEqual([['20', '2']]);
    // What was listed is in the database as the core holds it.
    const stored = await loadPairs(t.database.db, (id) => t.app.ctx.core.tokens.find(id));
    expect(stored.map((p) => p.symbol)).toContain('SOLUSDT');
  });

  it('halts a pair (open orders stay, new ones refused), resumes it, and changes its fees', async () => {
    const [buyer, seller] = [await member(t), await member(t)];
    await fund(t, buyer, ids.usdt, '100000');
    await fund(t, seller, ids.btc, '1');
    const resting = await order(buyer, {
      symbol: 'BTCUSDT',
      trade_type: 'buy',
      price: '1000',
      volume: '1',
    });
    expect(resting.statusCode, resting.body).toBe(200);

    const halted = await call('POST', '/pairs/btcusdt/halt');
    expect(halted.json()).toMatchObject({
      message: 'Trading halted on BTCUSDT',
      data: { status: 'halted', open_orders: 1 },
    });
    expect(await symbol('BTCUSDT')).toMatchObject({ status: 'halted' });
    const refused = await order(seller, {
      symbol: 'BTCUSDT',
      trade_type: 'sell',
      price: '1000',
      volume: '0.5',
    });
    expect(refused.json()).toMatchObject({ status: 409, message: 'Trading is halted on BTCUSDT' });
    const open = await authed(t, 'GET', '/orders/spot?order_status=open', buyer.token);
    expect(open.json().data.map((o: { _id: string }) => o._id)).toEqual([resting.json().data._id]);
    expect((await call('POST', '/pairs/BTCUSDT/halt')).json()).toMatchObject({
      status: 409,
      message: 'Trading is already halted on this pair',
    });

    const fees = await call('PATCH', '/pairs/BTCUSDT/fees', {
      maker_fee: '0.002',
      taker_fee: '0.005',
    });
    expect(fees.json()).toMatchObject({ data: { maker_fee: '0.002', taker_fee: '0.005' } });
    expect(
      (await call('PATCH', '/pairs/BTCUSDT/fees', { maker_fee: '-1', taker_fee: '0' })).json(),
    ).toMatchObject({
      status: 400,
      message: 'A fee is a fraction from 0 to 0.1 (0.001 is 0.1%)',
    });

    const resumed = await call('POST', '/pairs/BTCUSDT/resume');
    expect(resumed.json()).toMatchObject({ data: { status: 'trading' } });
    expect((await call('POST', '/pairs/BTCUSDT/resume')).json()).toMatchObject({
      status: 409,
      message: 'Trading is not halted on this pair',
    });
    expect((await call('POST', '/pairs/NOPEUSDT/resume')).json()).toMatchObject({ status: 404 });
    // The seller takes the resting bid at the new taker fee: 0.5% of the 500 USDT received.
    const sold = await order(seller, {
      symbol: 'BTCUSDT',
      trade_type: 'sell',
      price: '1000',
      volume: '0.5',
    });
    expect(sold.json()).toMatchObject({
      status: 200,
      data: { status: 'filled', fee: '2.5', fee_token: 'USDT' },
    });

    const stored = await loadPairs(t.database.db, (id) => t.app.ctx.core.tokens.find(id));
    expect(stored.find((p) => p.symbol === 'BTCUSDT')).toMatchObject({
      status: 'trading',
      makerFee: 2n * 10n ** 15n,
      takerFee: 5n * 10n ** 15n,
    });
    const trail = await authed(t, 'GET', `/admin/audit-log?admin_id=${admin.id}`, admin.token);
    const actions = (
      trail.json().data as { action: string; before: unknown; after: unknown }[]
    ).map((e) => [e.action, e.before, e.after]);
    expect(actions.slice(0, 3)).toEqual([
      [
        'pair.resumed',
        { symbol: 'BTCUSDT', status: 'halted' },
        { symbol: 'BTCUSDT', status: 'trading' },
      ],
      [
        'pair.fees_changed',
        { symbol: 'BTCUSDT', maker_fee: '0.001', taker_fee: '0.001' },
        { symbol: 'BTCUSDT', maker_fee: '0.002', taker_fee: '0.005' },
      ],
      [
        'pair.halted',
        { symbol: 'BTCUSDT', status: 'trading' },
        { symbol: 'BTCUSDT', status: 'halted' },
      ],
    ]);
    expect(actions.map((a) => a[0])).toEqual(
      expect.arrayContaining(['token.listed', 'pair.listed']),
    );
    expect((await auditLedger(t.database.db)).violations).toEqual([]);
  });

  it('answers 403 to a plain user', async () => {
    const u = await member(t);
    expect((await call('GET', '', undefined, u.token)).statusCode).toBe(403);
    expect((await call('POST', '/pairs/BTCUSDT/halt', undefined, u.token)).statusCode).toBe(403);
  });
});
