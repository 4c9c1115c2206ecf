import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './identity-support';
import { baseUrl, launchBrowser, pathOf, signIn, verifiedUser } from './support';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

async function openPage(width = 1366, height = 900): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height } });
  return context.newPage();
}

const CONSOLE_PAGES = [
  ['Identity', 'Identity requests'],
  ['Deposits', 'Deposits'],
  ['Withdrawals', 'Withdrawals'],
  ['Users', 'Users'],
  ['Markets', 'Markets'],
  ['Ledger audit', 'Ledger audit'],
  ['Audit log', 'Audit log'],
] as const;

describe('the admin console', () => {
  it('sends a signed-out visitor to /login and a user who is not an admin to the trading screen', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl()}/admin/deposits`);
    await page.waitForURL('**/login');
    const user = await verifiedUser('not-admin');
    await signIn(page, user.token);
    await page.goto(`${baseUrl()}/admin/deposits`);
    await page.waitForURL('**/BTCUSDT');
    await expect(page.getByRole('navigation', { name: 'Admin' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Admin', exact: true }).count()).resolves.toBe(0);
  });

  it('opens for an admin from the top bar, its side nav working from the keyboard at 375 px', async () => {
    const page = await openPage(375, 812);
    await signIn(page, await adminToken());
    await page.goto(`${baseUrl()}/BTCUSDT`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('complementary', { name: 'Menu' })
      .getByRole('link', { name: 'Admin' })
      .click();
    await page.waitForURL('**/admin/identity');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const [link, title] of CONSOLE_PAGES) {
      await nav.getByRole('link', { name: link, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      expect(
        await nav.getByRole('link', { name: link, exact: true }).getAttribute('aria-current'),
      ).toBe('page');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, pathOf(page)).toBeLessThanOrEqual(375);
    }
  });
});
