import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hindiPhone as phoneOf, latinWordsOn } from './hindi-support';
import { adminToken, approveIdentity } from './identity-support';
import { baseUrl, browserForFile, signIn, verifiedUser } from './support';

/**
 * Issue 47 item 2: every screen in Hindi on a phone (375 px) shows no Latin-script word but the
 * allow-list's (coin names and tickers, brand names, units: `hindi-support.ts`), in its visible
 * text, its screen-reader text and its labels, placeholders and titles. A user who chose Hindi,
 * identity approved, visits the user screens; the admin visits the console. Each screen's first
 * view goes to SCREENSHOT_DIR (default /tmp/hindi-screens) to be looked at.
 */
const browser = browserForFile();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/hindi-screens';
const hindiPhone = () => phoneOf(browser);

const USER_SCREENS = [
  '/BTCUSDT',
  '/market',
  '/wallets',
  '/wallets/spot',
  '/wallets/funding',
  '/profile',
  '/profile/kyc',
  '/profile/security',
  '/profile/api-keys',
  '/profile/funding',
  '/profile/tax',
  '/profile/bank-accounts',
  '/deposit-history',
  '/withdraw-history',
  '/proof-of-reserves',
  '/custom-chart/BTCUSDT',
];
const VISITOR_SCREENS = ['/login', '/crypto-signup', '/reset-password', '/kyc-verification'];
const ADMIN_SCREENS = [
  '/admin/identity',
  '/admin/deposits',
  '/admin/withdrawals',
  '/admin/users',
  '/admin/markets',
  '/admin/ledger-audit',
  '/admin/audit-log',
  '/admin/tax',
  '/admin/bank-accounts',
  '/admin/rupees',
  '/admin/aml',
];

/** Every screen's Latin words, by screen; a screen that shows none is left out. */
async function visit(page: Page, screens: string[]): Promise<Record<string, string[]>> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    await page.goto(`${baseUrl()}${screen}`);
    await page.waitForLoadState('networkidle');
    await page.locator('main').first().waitFor();
    const words = await latinWordsOn(page);
    if (words.length > 0) found[screen] = words;
    const name = screen.slice(1).replaceAll('/', '-');
    await page.screenshot({ path: path.join(SHOTS, `every-${name}-375.png`) });
  }
  return found;
}

let user: { email: string; token: string };
let admin: string;
beforeAll(async () => {
  user = await verifiedUser('hindi-screens');
  const chosen = await fetch(`${baseUrl()}/api/v1/users/language`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ language: 'hi' }),
  });
  if (!chosen.ok) throw new Error(`language not saved: ${chosen.status}`);
  await approveIdentity(user.email, user.token);
  admin = await adminToken();
});

describe('every screen in Hindi at 375 px', () => {
  it("shows a visitor's screens with no English", async () => {
    expect(await visit(await hindiPhone(), VISITOR_SCREENS)).toEqual({});
  });

  it("shows a signed-in user's screens with no English", async () => {
    const page = await hindiPhone();
    await signIn(page, user.token);
    expect(await visit(page, USER_SCREENS)).toEqual({});
  });

  it("shows the admin console's screens with no English", async () => {
    const page = await hindiPhone();
    await signIn(page, admin);
    expect(await visit(page, ADMIN_SCREENS)).toEqual({});
  });
});
