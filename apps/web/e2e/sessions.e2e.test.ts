import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  call,
  latestCode,
  launchBrowser,
  PASSWORD,
  pathOf,
  registerUser,
  uniqueEmail,
} from './support';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A browser of its own (its own storage and device cookie) at the given width. */
async function newBrowserPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

/** Logs in through the login screen, as a person would. */
async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto(`${baseUrl()}/login`);
  await page.getByLabel('Email/Phone Number').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** The notice of a session the server ended (src/lib/api-client.ts). */
const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).first();

describe('sessions and login history on the Security page', () => {
  it('logs out another browser from the list; its requests are refused and it lands on login', async () => {
    const email = uniqueEmail('sessions');
    await registerUser(email);
    const otp = await latestCode(email);
    await call('/auth/otp/validate', { email, otp, otp_for: 'registration' });

    // The phone: a wrong password first, then in.
    const phone = await newBrowserPage(375);
    await logIn(phone, email, 'Wr0ngPassphrase');
    await toast(phone, 'Invalid email or password').waitFor();
    await phone.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await phone.getByRole('button', { name: 'Submit' }).click();
    await toast(phone, 'Login successful').waitFor();

    // The laptop: in, and to the Security page through the profile's side nav.
    const laptop = await newBrowserPage(1280);
    await logIn(laptop, email);
    await toast(laptop, 'Login successful').waitFor();
    await laptop.goto(`${baseUrl()}/profile`);
    await laptop.getByRole('link', { name: 'Security' }).click();
    await laptop.getByRole('heading', { name: 'Security', level: 1 }).waitFor();

    const list = laptop.getByRole('list', { name: 'Active sessions' });
    await list.getByRole('listitem').nth(1).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    const current = list.getByRole('listitem').filter({ hasText: 'This device' });
    expect(await current.count()).toBe(1);
    expect(await current.getByRole('button').count()).toBe(0);
    expect(await current.textContent()).toContain('Chrome');

    // The login history shows both successes and the wrong password, newest first.
    const history = laptop.getByRole('table', { name: 'Login history' });
    await history.getByText('Wrong password').waitFor();
    const results = await history.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(results).toEqual(['Signed in', 'Signed in', 'Wrong password']);

    // From the keyboard: the other session's Log Out button, then Enter.
    const other = list.getByRole('listitem').filter({ hasNotText: 'This device' });
    await other.getByRole('button', { name: /^Log out / }).focus();
    await laptop.keyboard.press('Enter');
    await toast(laptop, 'Session logged out').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(await laptop.getByRole('button', { name: 'Log Out Everywhere Else' }).count()).toBe(0);
    // The focused Log Out button went with its session: focus is on the section's heading.
    await laptop.waitForFunction(() => document.activeElement?.textContent === 'Active Sessions');

    // The phone's next request is refused: it is signed out and lands on login.
    await phone.goto(`${baseUrl()}/profile/security`);
    await phone.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    expect(pathOf(phone)).toBe('/login');
    expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Told why, once (walk-3 D13).
    await toast(phone, SESSION_EXPIRED_MESSAGE).waitFor();
    expect(
      await phone.getByTestId('toast').filter({ hasText: SESSION_EXPIRED_MESSAGE }).count(),
    ).toBe(1);

    // The laptop still works.
    await laptop.reload();
    await laptop.getByRole('list', { name: 'Active sessions' }).getByRole('listitem').waitFor();
    expect(pathOf(laptop)).toBe('/profile/security');

    // Logging out leaves nothing of the user in the browser (spec section 4): no stored key but
    // the app's fresh state, and no cookie, the httpOnly device cookie included.
    expect((await laptop.context().cookies()).map((c) => c.name)).toContain('device_id');
    await laptop.getByRole('button', { name: 'Account menu' }).click();
    await laptop
      .getByRole('group', { name: 'Account' })
      .getByRole('button', { name: 'Log Out' })
      .click();
    await laptop.waitForURL((url) => url.pathname === '/BTCUSDT');
    await laptop.getByRole('link', { name: 'Log In' }).first().waitFor();
    const stored = await laptop.evaluate(() => ({
      keys: Object.keys(localStorage),
      root: localStorage.getItem('persist:root') ?? '',
    }));
    expect(stored.keys.filter((k) => k !== 'persist:root')).toEqual([]);
    expect(stored.root).not.toContain(email);
    expect(await laptop.context().cookies()).toEqual([]);
  });

  it('fits 375 px and logs out everywhere else', async () => {
    const email = uniqueEmail('everywhere');
    await registerUser(email);
    const otp = await latestCode(email);
    await call('/auth/otp/validate', { email, otp, otp_for: 'registration' });
    const others = [await newBrowserPage(1280), await newBrowserPage(1280)];
    for (const page of others) {
      await logIn(page, email);
      await toast(page, 'Login successful').waitFor();
    }
    const phone = await newBrowserPage(375);
    await logIn(phone, email);
    await toast(phone, 'Login successful').waitFor();
    await phone.goto(`${baseUrl()}/profile/security`);
    const list = phone.getByRole('list', { name: 'Active sessions' });
    await list.getByRole('listitem').nth(2).waitFor();
    await phone
      .getByRole('table', { name: 'Login history' })
      .getByText('Signed in')
      .first()
      .waitFor();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    await phone.getByRole('button', { name: 'Log Out Everywhere Else' }).click();
    await toast(phone, '2 other sessions logged out').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    for (const page of others) {
      await page.goto(`${baseUrl()}/wallets`);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    }
  });
});
