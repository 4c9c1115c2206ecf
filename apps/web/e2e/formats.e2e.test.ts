import type { UserProfile } from '@exchange/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserForFile, call, DEMO_PASSWORD, signIn } from './support';

/**
 * Issue 36, formats: rupees as ₹ with Indian grouping whatever the setting; the profile's number
 * grouping switches crypto prices between 85,40,000.00 and 8,540,000.00, and is saved on the
 * account.
 */
const pages = browserForFile();
const SHOTS = process.env.E2E_SHOTS_DIR;
let token: string;

const putGrouping = (number_grouping: string) =>
  fetch(`${baseUrl()}/api/v1/users/number-grouping`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ number_grouping }),
  });

beforeAll(async () => {
  const login = await call<{ access_token: string }>('/auth/login', {
    email: 'demo@exchange.local',
    password: DEMO_PASSWORD,
  });
  token = login.data.access_token;
});
// The demo account is shared with other files: back to the default.
afterAll(async () => {
  await putGrouping('indian');
});

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** BTC/INR's price in its header (with ₹: a rupee amount), once the market data is in. */
async function btcInrPrice(page: Page): Promise<string> {
  await page.goto(`${baseUrl()}/BTCINR`);
  const price = page.getByTestId('last-price').locator('span').first();
  await price.filter({ hasText: /\d,\d/ }).waitFor({ timeout: 20_000 });
  return price.innerText();
}

const INDIAN_RUPEES = /₹\d{1,2}(,\d{2})*,\d{3}\.\d{2}/;

describe('number, currency and date formats', () => {
  it('shows rupees with Indian grouping and switches the grouping of crypto prices', async () => {
    const page = await pages.open(1366);
    await signIn(page, token);

    // The Funding wallet's INR row: ₹ and Indian grouping (the demo user starts with ₹1,00,000).
    await page.goto(`${baseUrl()}/wallets/funding`);
    const inr = page
      .getByRole('table', { name: 'Funding Wallet' })
      .getByRole('row')
      .filter({ hasText: 'INR' })
      .filter({ hasText: '₹' })
      .first();
    await inr.waitFor({ timeout: 20_000 });
    expect(await inr.innerText()).toMatch(INDIAN_RUPEES);
    await shot(page, 'formats-funding-1366');

    // Indian by default: BTC/INR near 85 lakh rupees.
    expect(await btcInrPrice(page)).toMatch(/^₹\d{1,2},\d{2},\d{3}\.\d{2,8}$/);
    // Compact figures count in lakhs and crores, not K and M (W4-10).
    const volume = await page.getByTestId('quote-volume').innerText();
    expect(volume).toMatch(/^\d[\d,]*(\.\d+)?( L| Cr)?$/);

    // International, chosen on the profile with the keyboard.
    await page.goto(`${baseUrl()}/profile`);
    const select = page.getByLabel('Number grouping');
    await select.waitFor();
    expect(await select.inputValue()).toBe('indian');
    await select.focus();
    await select.selectOption('international');
    await expect
      .poll(async () => (await call<UserProfile>('/users', undefined, token)).data.number_grouping)
      .toBe('international');
    await shot(page, 'formats-profile-1366');

    expect(await btcInrPrice(page)).toMatch(/^₹\d{1,3}(,\d{3})+\.\d{2,8}$/);
    expect(await btcInrPrice(page)).not.toMatch(/^₹\d{1,2},\d{2},\d{3}\./);
    expect(await page.getByTestId('quote-volume').innerText()).toMatch(/^[\d.,]+[KMBT]?$/);

    // Rupees stay Indian under the international setting.
    await page.goto(`${baseUrl()}/wallets/funding`);
    await inr.waitFor({ timeout: 20_000 });
    expect(await inr.innerText()).toMatch(INDIAN_RUPEES);
  });

  it("applies the account's saved grouping in a fresh browser, and fits a phone", async () => {
    expect((await putGrouping('international')).status).toBe(200);
    const page = await pages.open(375);
    await signIn(page, token);
    await expect.poll(() => btcInrPrice(page)).toMatch(/^₹\d{1,3}(,\d{3})+\.\d{2,8}$/);
    await page.goto(`${baseUrl()}/profile`);
    const select = page.getByLabel('Number grouping');
    await expect.poll(() => select.inputValue()).toBe('international');
    await shot(page, 'formats-profile-375');
    expect(await page.evaluate(() => localStorage.getItem('numberGrouping'))).toBe('international');
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(sideways).toBe(false);
  });
});
