import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type E2eServer } from './server';

export { launchBrowser };

let ownServer: E2eServer | undefined;

/** The server under test: the one the files share (global-setup.ts), or the file's own. */
export const baseUrl = () => ownServer?.baseUrl ?? inject('baseUrl');

/**
 * A server for this file alone, with `env()` added to its environment (read when it starts, after
 * the hooks registered before this call): started before the file's tests, stopped after them.
 * Every helper here talks to it instead of the shared one. Call at the top of the file.
 */
export function serverForFile(env: () => Record<string, string>) {
  beforeAll(async () => {
    ownServer = await startServer(env());
  });
  afterAll(async () => {
    await ownServer?.stop();
    ownServer = undefined;
  });
}

/**
 * One browser for the e2e file; each page opened gets a context of its own, and every context a
 * test opened is closed after it (or earlier, at `close()`). Call at the top of the file.
 */
export function browserForFile() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const close = async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(close);
  afterAll(async () => {
    await browser?.close();
  });
  /** A page in a context of its own; `options` add to its settings (`hasTouch` for taps). */
  async function open(
    width = 1366,
    height = 900,
    options: BrowserContextOptions = {},
  ): Promise<Page> {
    if (!browser) throw new Error('the browser starts in beforeAll');
    const context = await browser.newContext({
      viewport: { width, height },
      acceptDownloads: true,
      ...options,
    });
    contexts.push(context);
    return context.newPage();
  }
  return {
    open,
    /** A page signed in with `token` (none: signed out), at `width`, opened on `path`. */
    async openAt(token: string | null, path: string, width = 1366): Promise<Page> {
      const page = await open(width);
      if (token) await signIn(page, token);
      await page.goto(`${baseUrl()}${path}`);
      return page;
    },
    close,
  };
}

/** Waits for a toast saying `text`. */
export const waitForToast = (page: Page, text: string | RegExp) =>
  page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });

let counter = 0;
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

export const PASSWORD = 'Str0ngPassphrase';
export { DEMO_PASSWORD, SECOND_ADMIN_EMAIL } from './server';

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export async function call<T>(path: string, body?: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** The newest code the server mailed to `email` (dev outbox), optionally newer than `after`. */
export async function latestCode(email: string, after?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { data } = await call<{ text: string }[]>(
      `/dev/outbox?email=${encodeURIComponent(email)}`,
    );
    const code = data[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code && code !== after) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new code mailed to ${email}`);
}

/** Confirm links already followed: the outbox keeps them, the next withdrawal's is newer. */
const followedConfirmLinks = new Set<string>();

/**
 * The newest withdrawal confirm link mailed to `email` (dev outbox) not followed yet, as a path
 * with its query: a user without a second factor withdrawing to a new address (walk-4 W4-4).
 */
export async function withdrawalConfirmLink(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { data } = await call<{ text: string }[]>(
      `/dev/outbox?email=${encodeURIComponent(email)}`,
    );
    const link = data
      .map((m) => /https?:\/\/\S+?(\/withdraw\/confirm\?token=[\w-]+)/.exec(m.text)?.[1])
      .find((l) => l !== undefined);
    if (link && !followedConfirmLinks.has(link)) {
      followedConfirmLinks.add(link);
      return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new withdrawal confirm link mailed to ${email}`);
}

/** Confirms `email`'s newest withdrawal awaiting its mail, through the link's API. */
export async function confirmWithdrawalByMail(email: string): Promise<void> {
  const link = await withdrawalConfirmLink(email);
  const token = new URL(link, 'http://localhost').searchParams.get('token');
  const res = await call('/withdrawal-confirm', { token });
  if (!res.success) throw new Error(`withdrawal not confirmed: ${res.message}`);
}

export const registerUser = (email: string, firstName = 'Asha') =>
  call('/auth/register', {
    first_name: firstName,
    last_name: 'Rao',
    email,
    phone: '9876543210',
    password: PASSWORD,
  });

/** A verified account with a session token. */
export async function verifiedUser(tag: string) {
  const email = uniqueEmail(tag);
  await registerUser(email);
  const otp = await latestCode(email);
  await call('/auth/otp/validate', { email, otp, otp_for: 'registration' });
  const login = await call<{ access_token: string }>('/auth/login', { email, password: PASSWORD });
  return { email, token: login.data.access_token };
}

/** Signs the page in the way the app does: the token and its expiry in local storage. */
export async function signIn(page: Page, token: string) {
  await page.goto(`${baseUrl()}/BTCUSDT`);
  await page.evaluate((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('tokenExpiry', String(Date.now() + 86_400_000));
  }, token);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;
