import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from './accessibility-support';
import { axeViolations } from './axe';
import { baseUrl, browserForFile, call, DEMO_PASSWORD, verifiedUser } from './support';

const { open } = browserForFile();

/** Who opens the page: a visitor, the demo user (verified, funded), a new user, the demo admin. */
type Who = 'visitor' | 'user' | 'applicant' | 'admin';

interface Screen {
  who: Who;
  path: string;
  width?: number;
  /** What to open before the check (a dialog or a menu), named; it returns what must show. */
  open?: [name: string, (page: Page) => Locator | Promise<Locator>];
}

const click = async (page: Page, name: string, shows: Locator) => {
  await page.getByRole('button', { name, exact: true }).first().click();
  return shows;
};

/**
 * Every route of the spec's table, the rest of the profile and the admin console, and the main
 * dialogs and menus open. A new state to check is one line here.
 */
const SCREENS: Screen[] = [
  { who: 'visitor', path: '/BTCUSDT' },
  { who: 'visitor', path: '/BTCUSDT', width: 375 },
  { who: 'visitor', path: '/login' },
  { who: 'visitor', path: '/login', width: 375 },
  { who: 'visitor', path: '/crypto-signup' },
  { who: 'visitor', path: '/verification?type=registration' },
  { who: 'visitor', path: '/reset-password' },
  { who: 'visitor', path: '/custom-chart/BTCUSDT' },
  {
    who: 'visitor',
    path: '/BTCUSDT',
    open: [
      'the Trade menu',
      (page) => click(page, 'Trade', page.getByRole('searchbox', { name: 'Search pairs' })),
    ],
  },
  {
    who: 'visitor',
    path: '/BTCUSDT',
    width: 375,
    open: [
      'the mobile menu',
      (page) => click(page, 'Open menu', page.getByRole('complementary', { name: 'Menu' })),
    ],
  },
  { who: 'user', path: '/BTCUSDT' },
  { who: 'user', path: '/BTCUSDT', width: 375 },
  {
    who: 'user',
    path: '/BTCUSDT',
    open: [
      'the account menu',
      (page) => click(page, 'Account menu', page.getByRole('group', { name: 'Account' })),
    ],
  },
  {
    who: 'user',
    path: '/BTCUSDT',
    width: 375,
    open: [
      'the order sheet',
      (page) => click(page, 'Buy BTC', page.getByRole('dialog', { name: 'Spot BTC/USDT' })),
    ],
  },
  { who: 'user', path: '/market' },
  { who: 'user', path: '/wallets' },
  { who: 'user', path: '/wallets/spot' },
  { who: 'user', path: '/wallets/funding' },
  { who: 'user', path: '/wallets/funding', width: 375 },
  { who: 'user', path: '/profile' },
  { who: 'user', path: '/profile/kyc' },
  { who: 'user', path: '/profile/funding' },
  { who: 'user', path: '/profile/security' },
  { who: 'user', path: '/profile/api-keys' },
  { who: 'user', path: '/profile/tax' },
  { who: 'user', path: '/deposit-history' },
  { who: 'user', path: '/withdraw-history' },
  {
    who: 'user',
    path: '/wallets/funding',
    open: [
      'the Deposit dialog',
      (page) =>
        click(page, 'Deposit USDT (Funding)', page.getByRole('dialog', { name: /Deposit Funds/ })),
    ],
  },
  {
    who: 'user',
    path: '/wallets/funding',
    open: [
      'the Withdraw dialog',
      (page) =>
        click(page, 'Withdraw USDT (Funding)', page.getByRole('dialog', { name: /Withdraw/ })),
    ],
  },
  {
    who: 'user',
    path: '/wallets/funding',
    open: [
      'the Transfer dialog',
      (page) =>
        click(page, 'Transfer USDT (Funding)', page.getByRole('dialog', { name: 'Transfer' })),
    ],
  },
  { who: 'applicant', path: '/kyc-verification' },
  {
    who: 'applicant',
    path: '/profile/security',
    open: [
      'the authenticator set-up dialog',
      (page) =>
        click(
          page,
          'Set Up Authenticator App',
          page.getByRole('img', { name: 'Authenticator QR code' }),
        ),
    ],
  },
  { who: 'admin', path: '/admin/identity' },
  { who: 'admin', path: '/admin/deposits' },
  { who: 'admin', path: '/admin/withdrawals' },
  { who: 'admin', path: '/admin/users' },
  { who: 'admin', path: '/admin/markets' },
  { who: 'admin', path: '/admin/ledger-audit' },
  { who: 'admin', path: '/admin/audit-log' },
  { who: 'admin', path: '/admin/tax' },
  { who: 'admin', path: '/admin/aml' },
];

const tokens: Record<Who, string | null> = {
  visitor: null,
  user: null,
  applicant: null,
  admin: null,
};

beforeAll(async () => {
  const login = async (email: string) =>
    (await call<{ access_token: string }>('/auth/login', { email, password: DEMO_PASSWORD })).data
      .access_token;
  tokens.user = await login('demo@exchange.local');
  tokens.admin = await login('admin@exchange.local');
  tokens.applicant = (await verifiedUser('axe')).token;
});

describe('axe-core finds no critical or serious violation', () => {
  const nameOf = (s: Screen) =>
    `${s.who} ${s.path}${s.width ? ` at ${s.width} px` : ''}${s.open ? ` with ${s.open[0]}` : ''}`;
  it.each(SCREENS.map((s) => [nameOf(s), s] as const))('%s', async (_name, screen) => {
    const page = await open(screen.width, 900, signedInAs(tokens[screen.who]));
    await page.goto(`${baseUrl()}${screen.path}`);
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
    if (screen.open) {
      await (await screen.open[1](page)).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});
