import { groupDigitsAs, type PriceAlert } from '@exchange/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  browserForFile,
  call,
  DEMO_PASSWORD,
  verifiedUser,
  waitForToast,
} from './support';
import { spotTrader } from './identity-support';

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const browser = browserForFile();
let demoToken: string;
let user: { email: string; token: string };
/** A trader of the file's own who buys the price up: the demo user's dollars are shared. */
let buyer: { email: string; token: string };

beforeAll(async () => {
  const login = await call<{ access_token: string }>('/auth/login', {
    email: 'demo@exchange.local',
    password: DEMO_PASSWORD,
  });
  demoToken = login.data.access_token;
  user = await verifiedUser('alerts');
  buyer = await spotTrader('alerts-buyer', '500000');
});

/** The book's best asks, [price, amount] each. */
const bestAsks = async (count = 2) =>
  (await call<{ asks: [string, string][] }>(`/symbols/BTCUSDT/orderbook?page_size=${count}`)).data
    .asks;

/** The lowest ask above the last trade price, the second best ask at least. */
const askAboveLastPrice = async () => {
  const pairs = (await call<{ symbol: string; price: string }[]>('/symbols?page_size=100')).data;
  const last = Number(pairs.find((p) => p.symbol === 'BTCUSDT')?.price);
  const asks = (await bestAsks(10)).slice(1);
  return (asks.find(([price]) => Number(price) > last) ?? asks[0])?.[0] ?? '';
};

/** A ledger amount of 5 decimals (BTC's lot) as an integer count of lots, and back. */
const lots = (amount: string) => Math.round(Number(amount) * 1e5);
const fromLots = (count: number) => (count / 1e5).toFixed(5);

/**
 * The buyer buys at the market every ask up to `price` and a lot more: the trades reach it.
 * What the buy answered, so a refused buy says why.
 */
const buyUpTo = async (price: string) => {
  const asks = await bestAsks(50);
  const through = asks.filter(([ask]) => Number(ask) <= Number(price));
  const volume = fromLots(through.reduce((sum, [, amount]) => sum + lots(amount), 0) + 1);
  const res = await call(
    '/orders/spot',
    { symbol: 'BTCUSDT', order_type: 'market', trade_type: 'buy', volume },
    buyer.token,
  );
  return `${volume} BTC: ${res.success ? 'filled' : res.message}`;
};

/**
 * Buys up to the alert's price until the server says an alert of the user's has fired: the bots
 * may quote new asks below it between the read and the buy.
 */
async function buyUntilFired(token: string, price: string) {
  const fired = async () =>
    (await call<PriceAlert[]>('/alerts', undefined, token)).data.some(
      (alert) => alert.fired_at !== null,
    );
  const buys: string[] = [];
  for (let i = 0; i < 20 && !(await fired()); i++) {
    buys.push(await buyUpTo(price));
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  expect(await fired(), `not fired at ${price} after buys of ${buys.join('; ')}`).toBe(true);
}

/** Issue 37 item 5: an alert set on the trading page fires and shows in the bell. */
describe('price alerts', () => {
  it('sets an alert beside the price, fires it when the price crosses, and lists it in the bell', async () => {
    const page = await browser.openAt(user.token, '/BTCUSDT');
    // A browser notification when permitted: the permission granted, each one noted.
    await page.context().grantPermissions(['notifications'], { origin: baseUrl() });
    await page.addInitScript(() => {
      const Real = window.Notification;
      const seen: string[] = [];
      (window as unknown as { notified: string[] }).notified = seen;
      window.Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          seen.push(title);
        }
      } as typeof Notification;
    });
    await page.reload();
    const bell = page.getByTestId('notification-bell');
    await bell.waitFor();
    expect(await page.getByTestId('notification-count').count()).toBe(0);

    // The dialog, from the keyboard.
    const open = page.getByTestId('price-alert-button');
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Price alert on BTC/USDT' });
    await dialog.waitFor();
    await dialog.getByText('No alerts yet.').waitFor();

    // A price already crossed is refused, with the reason under the field.
    await dialog.getByLabel('At or below').check();
    await dialog.getByLabel('Price (USDT)').fill('1000000');
    await dialog.getByRole('button', { name: 'Set alert' }).click();
    await dialog.getByText('The last price is already at or below this price').waitFor();

    // At the first ask above the last price, the second best at least: buying every ask up to it
    // crosses it. Trades may move the book between the read and the click: then the server
    // refuses it and the next read is tried.
    let threshold = '';
    for (let attempt = 0; attempt < 5 && !threshold; attempt++) {
      const ask = await askAboveLastPrice();
      await dialog.getByLabel('At or above').check();
      await dialog.getByLabel('Price (USDT)').fill(ask);
      const answer = page.waitForResponse(
        (r) => new URL(r.url()).pathname.endsWith('/alerts') && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Set alert' }).click();
      if (!(await answer).ok()) continue;
      await waitForToast(page, 'Alert set');
      threshold = ask;
    }
    expect(threshold).not.toBe('');
    const list = dialog.getByTestId('price-alert-list');
    await list.getByText('Waiting').waitFor();
    await shot(page, 'price-alert-dialog-1366');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The buyer buys every ask up to it until the price reaches it.
    await buyUntilFired(user.token, threshold);
    // Fired on the server: the page hears it on its socket.
    await expect
      .poll(() => page.getByTestId('notification-count').textContent(), { timeout: 15_000 })
      .toBe('1');
    expect(
      await page.evaluate(() => (window as unknown as { notified: string[] }).notified),
    ).toEqual([expect.stringMatching(/^BTC\/USDT is above [\d,]+(\.\d+)? USDT$/)]);

    // The bell's list: opens on Enter, Escape closes it and gives focus back.
    await bell.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Notifications' });
    const item = panel.getByTestId('notification-list').getByRole('listitem');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toMatch(/BTC\/USDT is above .* USDT.*traded at/);
    await shot(page, 'notification-bell-1366');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'notification-bell',
    );

    // Marked read with the mouse: the count goes.
    await bell.click();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByTestId('notification-count').waitFor({ state: 'detached' });

    // The alert shows as fired, and deletes.
    await bell.click();
    await open.click();
    await dialog.waitFor();
    await list.getByText(/^Fired at /).waitFor();
    await list.getByRole('button', { name: /^Delete alert BTC\/USDT above/ }).click();
    await dialog.getByText('No alerts yet.').waitFor();

    // The alert's mail went out too, its prices grouped as the user's (Indian, the default).
    const mails = await call<{ subject: string }[]>(
      `/dev/outbox?email=${encodeURIComponent(user.email)}`,
    );
    expect(mails.data.map((m) => m.subject)).toContain(
      `Price alert: BTC/USDT is above ${groupDigitsAs(threshold.replace(/\.?0+$/, ''), 'indian')} USDT`,
    );
  }, 120_000);

  it('shows an alert that fired while the page was offline once its socket is back', async () => {
    const away = await verifiedUser('alerts-offline');
    const page = await browser.openAt(away.token, '/BTCUSDT');
    await page.getByTestId('notification-bell').waitFor();
    await page.getByTestId('bid-row').first().waitFor();
    // Set while online; the page then loses the network, and the price crosses meanwhile.
    const price = await askAboveLastPrice();
    const set = await call('/alerts', { symbol: 'BTCUSDT', direction: 'above', price }, away.token);
    expect(set.success).toBe(true);
    await page.context().setOffline(true);
    await buyUntilFired(away.token, price);
    expect(await page.getByTestId('notification-count').count()).toBe(0);
    await page.context().setOffline(false);
    await expect
      .poll(() => page.getByTestId('notification-count').textContent(), { timeout: 30_000 })
      .toBe('1');
  }, 120_000);

  it('shows the bell, its list and the alert dialog on a phone', async () => {
    // A user of its own, so this holds whether or not the alert above fired.
    const fresh = await verifiedUser('alerts-phone');
    const page = await browser.openAt(fresh.token, '/BTCUSDT', 375);
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText(/^No notifications yet/).waitFor();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await shot(page, 'notification-bell-375');
    await page.keyboard.press('Escape');
    await page.getByTestId('price-alert-button').click();
    await page.getByRole('dialog', { name: 'Price alert on BTC/USDT' }).waitFor();
    await shot(page, 'price-alert-dialog-375');
  });

  it('states the P&L and its method on the wallet overview and the dashboard', async () => {
    for (const [path, width] of [
      ['/wallets', 1366],
      ['/profile', 1366],
      ['/wallets', 375],
    ] as const) {
      const page = await browser.openAt(demoToken, path, width);
      const section = page.getByRole('region', { name: 'Profit and loss', exact: true });
      await section.getByText('Method.').waitFor();
      await section.getByTestId('pnl-total-realised').waitFor();
      expect(await section.getByText(/Average cost, in USDT/).count()).toBe(1);
      await section.scrollIntoViewIfNeeded();
      await shot(page, `pnl${path.replace('/', '-')}-${width}`);
      await page.close();
    }
  });
});
