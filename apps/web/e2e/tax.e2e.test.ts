import fs from 'node:fs/promises';
import type { TdsDeduction } from '@exchange/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserForFile, call, DEMO_PASSWORD, signIn } from './support';

const DEMO = { email: 'demo@exchange.local', password: DEMO_PASSWORD };

const pages = browserForFile();
let token: string;

beforeAll(async () => {
  token = (await call<{ access_token: string }>('/auth/login', DEMO)).data.access_token;
});

async function open(width = 1366): Promise<Page> {
  const page = await pages.open(width);
  await signIn(page, token);
  return page;
}

const rupees = (inr: string) => {
  const [whole = '0', fraction = ''] = inr.split('.');
  return `₹${Number(whole).toLocaleString('en-US')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
};

describe('the Tax page', () => {
  it('shows a demo market trade’s TDS in coin and INR, and downloads the CSV', async () => {
    const page = await open();
    // A market buy on the demo market, through the trading screen.
    await page.goto(`${baseUrl()}/BTCUSDT`);
    const spot = page.getByRole('region', { name: 'Spot' });
    await spot.getByTestId('available-balance').filter({ hasText: /\d/ }).waitFor();
    await spot.getByRole('button', { name: 'Buy', exact: true }).click();
    await spot.getByRole('button', { name: 'Market', exact: true }).click();
    await spot.getByLabel('Amount (BTC)').fill('0.0002');
    await spot.getByRole('button', { name: 'Buy BTC' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Order placed successfully' })
      .first()
      .waitFor();

    // Order History shows the fee and the TDS apart.
    const orders = page.getByRole('region', { name: 'Your orders' });
    await orders.getByRole('tab', { name: 'Order History' }).click();
    const filled = orders.getByTestId('order-row').filter({ hasText: 'Market' }).first();
    await filled.waitFor();
    expect(await filled.getByTestId('order-tds').innerText()).toMatch(/^0\.0000\d+ BTC$/);

    const mine = await call<TdsDeduction[]>('/tax/deductions?page_size=1', undefined, token);
    const [deduction] = mine.data;
    expect(deduction).toMatchObject({ symbol: 'BTCUSDT', side: 'buy', token: 'BTC' });

    // The profile's side nav leads to the Tax page.
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('link', { name: 'Tax', exact: true }).click();
    await page.getByRole('heading', { name: 'Tax', exact: true }).waitFor();
    const statement = page.getByTestId('tds-statement');
    await statement.waitFor();
    expect(await statement.innerText()).toMatch(/TDS statement, financial year \d{4}-\d{2}/);
    expect(await statement.innerText()).toContain('Demo Trader');

    const table = page.getByRole('table', { name: 'TDS deductions' });
    // The newest deduction is the first row once the list has loaded.
    const row = table.getByRole('row').filter({ hasText: 'BTC/USDT' }).first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('BTC/USDT');
    expect(text).toContain(`${deduction!.tds} BTC`);
    expect(text).toContain(rupees(deduction!.tds_inr));
    // Tax times are in IST whatever the browser's zone, labelled so (issue 36).
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} IST/);

    // The CSV holds the same deduction.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tds-\d{4}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path()) as string, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Date \(IST\),Financial year,Quarter,Symbol,Trade,Order,Side,Coin/);
    expect(lines.some((l) => l.includes(`,BTCUSDT,${deduction!.trade_id},`))).toBe(true);
  });

  it('fits 375 px and prints only the statement', async () => {
    const page = await open(375);
    await page.goto(`${baseUrl()}/profile/tax`);
    await page.getByTestId('tds-statement').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    // Every page of the profile is in sight, Tax and API Keys too (the row of tabs wraps).
    const nav = page.getByRole('navigation', { name: 'Profile' });
    for (const link of await nav.getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375, await link.innerText()).toBe(true);
    }
    await page.emulateMedia({ media: 'print' });
    const hidden = await page.evaluate(() => {
      const visible = (el: Element | null) => !!el && getComputedStyle(el).visibility === 'visible';
      return {
        statement: visible(document.querySelector('[data-testid="tds-statement"] h2')),
        csvButton: visible(
          [...document.querySelectorAll('button')].find((b) => b.textContent === 'Download CSV') ??
            null,
        ),
      };
    });
    expect(hidden).toEqual({ statement: true, csvButton: false });
  });
});
