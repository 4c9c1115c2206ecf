import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishOnScreen } from './hindi-support';
import { adminToken } from './identity-support';
import { baseUrl, browserForFile, call, signIn } from './support';

/**
 * Issue 36 in the admin console: the markets, rupees, bank accounts and withdrawals screens in
 * Hindi show no English in their headings, column heads, labels and buttons (the rows hold users'
 * data: emails, token names), at 1366 and 375 px; screenshots go to SCREENSHOT_DIR (default
 * /tmp/hindi-screens). The server refuses in Hindi too.
 */
const browser = browserForFile();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/hindi-screens';
const CHROME = 'main h1, main h2, main th, main button, main label, main [role="status"]';

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

describe('the admin console in Hindi', () => {
  it.each([
    ['/admin/markets', 'मार्केट'],
    ['/admin/rupees', 'रुपये'],
    ['/admin/bank-accounts', 'बैंक खाते'],
    ['/admin/withdrawals', 'निकासी'],
  ])('shows %s in Hindi at 1366 and 375 px', async (route, title) => {
    for (const width of [1366, 375]) {
      const page = await browser.open(width, 900, { locale: 'hi-IN' });
      await signIn(page, admin);
      await page.goto(`${baseUrl()}${route}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.waitForLoadState('networkidle');
      const chrome = page.locator(CHROME);
      const english = (
        await Promise.all(
          (await chrome.all()).map(async (element) => englishOnScreen(page, element)),
        )
      ).flat();
      expect(english, `${route} at ${width} px`).toEqual([]);
      fs.mkdirSync(SHOTS, { recursive: true });
      const name = route.split('/').at(-1);
      await page.screenshot({
        path: path.join(SHOTS, `admin-${name}-${width}.png`),
        fullPage: true,
      });
    }
  });

  it('refuses in Hindi when the browser asks for it', async () => {
    const refused = await fetch(`${baseUrl()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'hi' },
      body: JSON.stringify({ email: 'admin@exchange.local', password: 'Wr0ngPassword1' }),
    });
    expect(await refused.json()).toMatchObject({ message: 'ईमेल या पासवर्ड गलत है' });
    // The same call in English, as every other test makes it.
    const english = await call('/auth/login', {
      email: 'admin@exchange.local',
      password: 'Wr0ngPassword1',
    });
    expect(english).toMatchObject({ message: 'Invalid email or password' });
  });
});
