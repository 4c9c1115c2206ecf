import fs from 'node:fs';
import path from 'node:path';
import type { GstInvoices, MyTradeDto } from '@exchange/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishOnScreen } from './hindi-support';
import { spotTrader } from './identity-support';
import { baseUrl, browserForFile, call, signIn } from './support';

/**
 * Issue 52, GST on fees, in Chromium: the order sheet's "fee incl. GST" line and the Tax page's
 * GST section (the month's fees incl. GST, its tax invoice) at 375 px in Hindi.
 */
const browser = browserForFile();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/hindi-screens';
let trader: { email: string; token: string };

beforeAll(async () => {
  trader = await spotTrader('gst-trader', '200');
  const saved = await fetch(`${baseUrl()}/api/v1/users/language`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${trader.token}` },
    body: JSON.stringify({ language: 'hi' }),
  });
  expect(saved.ok).toBe(true);
  // A market buy from the demo market maker: a fee in BTC, GST included.
  const order = { symbol: 'BTCUSDT', order_type: 'market', trade_type: 'buy', volume: '0.0002' };
  const placed = await call<{ status: string }>('/orders/spot', order, trader.token);
  expect(placed.success).toBe(true);
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function openHindi(width: number, height: number): Promise<Page> {
  const page = await browser.open(width, height, { locale: 'hi-IN' });
  await signIn(page, trader.token);
  await page.evaluate(() => localStorage.setItem('language', 'hi'));
  return page;
}

describe('GST on fees', () => {
  it('shows the fee incl. GST on the order sheet at 375 px in Hindi', async () => {
    const page = await openHindi(375, 812);
    await page.goto(`${baseUrl()}/BTCUSDT`);
    const bar = page.getByRole('group', { name: 'ऑर्डर दें' });
    await bar.getByRole('button', { name: 'BTC खरीदें' }).click();
    const sheet = page.getByRole('dialog', { name: 'स्पॉट BTC/USDT' });
    await sheet.getByLabel('मात्रा (BTC)').fill('0.01');
    const line = sheet.getByText('शुल्क, GST सहित (अधिकतम)');
    await line.waitFor();
    // The taker rate of the demo pair (0.1%) on 0.01 BTC.
    expect(await sheet.getByTestId('order-fee').innerText()).toBe('0.00001 BTC');
    expect(await englishOnScreen(page, sheet)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.screenshot({ path: path.join(SHOTS, 'gst-order-sheet-375.png') });
  });

  it('shows the month’s fees incl. GST on the Tax page at 375 px in Hindi', async () => {
    const fills = await call<MyTradeDto[]>('/orders/spot/trades', undefined, trader.token);
    const [fill] = fills.data;
    expect(fill).toMatchObject({ symbol: 'BTCUSDT', fee_token: 'BTC' });
    expect(Number(fill!.gst)).toBeGreaterThan(0);
    const invoices = await call<GstInvoices>('/tax/gst/invoices', undefined, trader.token);
    const [month] = invoices.data.invoices;
    expect(month).toMatchObject({ open: true, number: null });

    const page = await openHindi(375, 812);
    await page.goto(`${baseUrl()}/profile/tax`);
    const gst = page.getByTestId('gst-invoices');
    await gst.getByRole('heading', { name: 'शुल्क पर GST और टैक्स इनवॉइस' }).waitFor();
    const row = gst.getByTestId('gst-invoice').first();
    await row.waitFor();
    expect(await row.getByTestId('gst-total').innerText()).toBe(`₹${month!.total}`);
    // The month is not over: its invoice is issued (and numbered) once it is.
    expect(await row.getByRole('button', { name: 'PDF डाउनलोड करें' }).isDisabled()).toBe(true);
    await gst.getByTestId('gst-state').waitFor();
    expect(await englishOnScreen(page, gst)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await gst.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'gst-tax-page-375.png') });
  });
});
