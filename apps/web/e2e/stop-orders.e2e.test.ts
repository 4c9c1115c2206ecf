import type { OrderDto } from '@exchange/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, approveIdentity, depositUsdt, randomHex } from './identity-support';
import { baseUrl, call, launchBrowser, SECOND_ADMIN_EMAIL, signIn, verifiedUser } from './support';

/** Where the screenshots go for a person to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;

/**
 * Stop-limit and OCO orders from the order form (issue 37), on a pair of its own that the demo
 * bots do not trade, so the test crosses the stop itself: a second user's trade moves the last
 * price.
 */
let browser: Browser;
let context: BrowserContext;
let coin: string;
let symbol: string;
let trader: { email: string; token: string };
let seller: { email: string; token: string };

async function listPair(): Promise<void> {
  const admin = await adminToken();
  coin = `S${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  symbol = `${coin}USDT`;
  const token = await call<{ _id: string }>(
    '/admin/markets/tokens',
    {
      name: `Stop ${coin}`,
      short_name: coin,
      decimals: 6,
      networks: [{ network: 'ethereum', contract_address: null, decimals: 18 }],
    },
    admin,
  );
  expect(token.success, token.message).toBe(true);
  const pair = await call(
    '/admin/markets/pairs',
    {
      base_token_id: token.data._id,
      tick_size: '0.01',
      lot_size: '0.01',
      min_notional: '0',
      maker_fee: '0.001',
      taker_fee: '0.001',
    },
    admin,
  );
  expect(pair.success, pair.message).toBe(true);
  const claim = await call(
    '/transactions/deposit/verify',
    {
      network: 'ethereum',
      sender_address: randomHex(20),
      transaction_hash: randomHex(32),
      amount: '20',
      token_id: token.data._id,
    },
    seller.token,
  );
  expect(claim.success, claim.message).toBe(true);
  // A coin no market values takes two admins' approvals (the four-eyes rule).
  for (const email of [undefined, SECOND_ADMIN_EMAIL]) {
    const admin = await adminToken(email);
    const { data } = await call<{ _id: string; user: { email: string } }[]>(
      '/admin/deposits?status=pending&page_size=100',
      undefined,
      admin,
    );
    const deposit = data.find((d) => d.user.email === seller.email);
    if (!deposit) break;
    const confirmed = await call(`/admin/deposits/${deposit._id}/confirm`, {}, admin);
    expect(confirmed.success, confirmed.message).toBe(true);
  }
  for (const [user, tokenId, amount] of [
    [seller, coin, '20'],
    [trader, 'USDT', '200'],
  ] as const) {
    const moved = await call(
      '/wallets/transfer',
      { from_wallet: 'funding', to_wallet: 'spot', amount, token_id: tokenId },
      user.token,
    );
    expect(moved.success, moved.message).toBe(true);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  trader = await verifiedUser('stops');
  seller = await verifiedUser('stops-seller');
  await approveIdentity(trader.email, trader.token);
  await approveIdentity(seller.email, seller.token);
  await depositUsdt(trader.email, trader.token, '200');
  await listPair();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

const limit = async (
  user: { token: string },
  side: 'buy' | 'sell',
  price: string,
  volume: string,
) => {
  const placed = await call<OrderDto>(
    '/orders/spot',
    { symbol, order_type: 'limit', trade_type: side, price, volume },
    user.token,
  );
  expect(placed.success, placed.message).toBe(true);
  return placed.data;
};

async function openTrade(width: number): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, trader.token);
  await page.goto(`${baseUrl()}/${symbol}`);
  if (width < 768) await page.getByRole('group', { name: 'Place an order' }).waitFor();
  else await page.getByRole('region', { name: 'Spot' }).waitFor();
  return page;
}

const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
const openOrders = (page: Page) =>
  page.getByRole('region', { name: 'Your orders' }).getByTestId('order-row');

describe('stop-limit and OCO orders from the order form', () => {
  it('places a stop-limit buy, which the next trade at its stop triggers and fills', async () => {
    // The last price: 10.
    await limit(seller, 'sell', '10', '0.5');
    await limit(trader, 'buy', '10', '0.5');
    const page = await openTrade(1366);
    const spot = page.getByRole('region', { name: 'Spot' });
    await spot.getByRole('button', { name: 'Buy', exact: true }).click();
    await spot.getByRole('button', { name: 'Stop-limit', exact: true }).click();
    // A buy stop below the last price would trigger at once: the form says so.
    await spot.getByLabel('Stop (USDT)').fill('9');
    await spot.getByLabel('Price (USDT)').fill('11.5');
    await spot.getByLabel(`Amount (${coin})`).fill('2');
    await spot.getByRole('button', { name: `Buy ${coin}` }).click();
    await spot.getByText('Stop price must be above the last price for a buy stop').waitFor();
    await spot.getByLabel('Stop (USDT)').fill('11');
    await spot.getByRole('button', { name: `Buy ${coin}` }).click();
    await toast(page, 'Order placed successfully');
    const row = openOrders(page).filter({ hasText: 'Stop-limit' });
    await row.waitFor();
    expect(await row.getByTestId('order-trigger').innerText()).toBe('≥ 11.00');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/stop-limit-1366.png`, fullPage: true });

    // An ask above the stop, then a trade at 11: the stop enters the book and meets the ask.
    await limit(seller, 'sell', '11.2', '5');
    await limit(seller, 'sell', '11', '0.5');
    await limit(trader, 'buy', '11', '0.5');
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    const history = await call<OrderDto[]>(
      '/orders/spot?order_status=closed&page_size=100',
      undefined,
      trader.token,
    );
    const stop = history.data.find((o) => o.order_type === 'stop_limit');
    expect(stop).toMatchObject({ status: 'filled', filled_volume: '2', average_price: '11.2' });
    expect(stop?.triggered_at).not.toBeNull();
    const orders = page.getByRole('region', { name: 'Your orders' });
    await orders.getByRole('tab', { name: 'Order History' }).click();
    await orders
      .getByTestId('order-trigger')
      .filter({ hasText: 'Triggered at 11.00' })
      .first()
      .waitFor();
  });

  it('places an OCO sell whose stop leaves when its limit order fills', async () => {
    const page = await openTrade(1366);
    const spot = page.getByRole('region', { name: 'Spot' });
    await spot.getByRole('button', { name: 'Sell', exact: true }).click();
    await spot.getByRole('button', { name: 'OCO', exact: true }).click();
    await spot.getByLabel('Price (USDT)').fill('14');
    await spot.getByLabel('Stop (USDT)').fill('10');
    await spot.getByLabel('Stop-limit (USDT)').fill('9.9');
    await spot.getByLabel(`Amount (${coin})`).fill('1');
    await spot.getByRole('button', { name: `Sell ${coin}` }).click();
    await toast(page, 'OCO placed');
    await openOrders(page)
      .filter({ hasText: /Limit \(OCO\)/ })
      .waitFor();
    const stopRow = openOrders(page).filter({ hasText: 'Stop-limit (OCO)' });
    await stopRow.waitFor();
    expect(await stopRow.getByTestId('order-trigger').innerText()).toBe('≤ 10.00');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/oco-1366.png`, fullPage: true });

    // The seller (its own asks withdrawn first) buys part of the limit order: the stop is
    // cancelled with it, live.
    const withdrawn = await call('/orders/spot/cancel-all', { symbol }, seller.token);
    expect(withdrawn.success, withdrawn.message).toBe(true);
    await limit(seller, 'buy', '14', '0.4');
    await stopRow.waitFor({ state: 'detached', timeout: 15_000 });
    const left = openOrders(page).filter({ hasText: /Limit \(OCO\)/ });
    expect(await left.getByTestId('order-filled').innerText()).toBe('0.4');
  });

  it('shows the form and the open OCO order on a phone', async () => {
    const page = await openTrade(375);
    const orders = page.getByRole('region', { name: 'Your orders' });
    await orders.getByTestId('order-row').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    if (SHOTS) {
      await orders.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/stop-orders-375.png`, fullPage: true });
    }
    await page.getByRole('button', { name: `Buy ${coin}` }).click();
    const sheet = page.getByRole('dialog', { name: `Spot ${coin}/USDT` });
    await sheet.getByRole('button', { name: 'OCO', exact: true }).click();
    await sheet.getByLabel('Stop-limit (USDT)').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/oco-form-375.png` });
  });
});
