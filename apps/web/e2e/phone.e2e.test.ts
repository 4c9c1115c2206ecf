import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { search } from './console-support';
import { adminToken, approveIdentity, depositUsdt, randomHex } from './identity-support';
import {
  baseUrl,
  browserForFile,
  call,
  confirmWithdrawalByMail,
  DEMO_PASSWORD,
  verifiedUser,
  waitForToast,
} from './support';

/** A book row's price as it reads ("Bid price 97,077.60, amount …"), without its grouping. */
const priceOf = (text: string | null) =>
  /price ([\d,.]+)/.exec(text ?? '')?.[1]?.replaceAll(',', '');

/*
 * Issue 30: the trading screen, wallets, histories and admin queues on a phone (375 x 812, touch),
 * and the admin queues at 1366 px.
 */

const pages = browserForFile();

async function openAt(token: string, path: string, width = 375): Promise<Page> {
  // A phone is touched: taps, as a thumb would.
  const page = await pages.open(width, width < 768 ? 812 : 900, { hasTouch: width < 768 });
  await page.goto(`${baseUrl()}/BTCUSDT`);
  await page.evaluate((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('tokenExpiry', String(Date.now() + 86_400_000));
  }, token);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

/** The element lies wholly inside the viewport's width: reached without a sideways scroll. */
async function expectInView(page: Page, element: Locator) {
  await element.waitFor();
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, await element.innerText()).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

const expectNoSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

let demo: string;
beforeAll(async () => {
  const login = await call<{ access_token: string }>('/auth/login', {
    email: 'demo@exchange.local',
    password: DEMO_PASSWORD,
  });
  demo = login.data.access_token;
});

describe('the trading screen on a phone', () => {
  it('keeps Buy and Sell at the foot; the sheet opens and closes from the keyboard', async () => {
    const page = await openAt(demo, '/BTCUSDT');
    const buy = page.getByRole('group', { name: 'Place an order' }).getByRole('button', {
      name: 'Buy BTC',
    });
    await buy.waitFor();
    // The form is in the sheet, not down the page; the tabs hold chart, book and trades.
    expect(await page.getByRole('region', { name: 'Spot' }).count()).toBe(0);
    const tabs = page.getByRole('tablist', { name: 'Market depth' }).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['Chart', 'Order Book', 'Depth', 'Recent Trades']);
    // In reach at the top of the page and at its foot.
    for (const scroll of [0, 10_000]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      const box = await buy.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(812);
      expect(box && box.y).toBeGreaterThan(700);
    }
    await expectNoSidewaysScroll(page);

    await buy.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Spot BTC/USDT' });
    await sheet.waitFor();
    await sheet.getByRole('region', { name: 'Spot' }).waitFor();
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(
      await sheet.getByRole('button', { name: 'Buy', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // Radix's focus scope hands focus back in a timeout after the sheet unmounts.
    await expect.poll(() => buy.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Sell BTC' }).tap();
    await sheet.waitFor();
    expect(
      await sheet.getByRole('button', { name: 'Sell', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await sheet.waitFor({ state: 'detached' });
  });

  it('places a limit buy from the sheet, then cancels it from its Open Orders card', async () => {
    const page = await openAt(demo, '/BTCUSDT');
    await page.getByRole('tab', { name: 'Order Book' }).tap();
    const bid = page.getByTestId('bid-row').first();
    await bid.waitFor({ timeout: 15_000 });
    const best = Number(priceOf(await bid.textContent()));
    const price = (Math.floor(best * 0.8 * 100) / 100).toFixed(2);

    await page.getByRole('button', { name: 'Buy BTC' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Spot BTC/USDT' });
    await sheet.getByLabel('Price (USDT)').fill(price);
    await sheet.getByLabel('Amount (BTC)').fill('0.001');
    await sheet.getByRole('button', { name: 'Buy BTC' }).tap();
    await waitForToast(page, 'Order placed successfully');
    // Placed, the sheet closes: the order shows below, as a card with its Cancel in view.
    await sheet.waitFor({ state: 'detached' });
    const card = page
      .getByRole('region', { name: 'Your orders' })
      .getByTestId('order-row')
      .filter({ hasText: Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 }) });
    const cancel = card.getByRole('button', { name: 'Cancel' });
    await expectInView(page, cancel);
    await expectInView(page, card.getByRole('cell').filter({ hasText: 'Open' }));
    await cancel.tap();
    await waitForToast(page, 'Order cancelled successfully');
    await card.waitFor({ state: 'detached' });

    // Order History: the cancelled order's card, its status in view.
    await page.getByRole('tab', { name: 'Order History' }).tap();
    const past = page.getByTestId('order-row').filter({ hasText: 'Cancelled' }).first();
    await expectInView(page, past.getByRole('cell').filter({ hasText: 'Cancelled' }));
    await expectNoSidewaysScroll(page);
  });

  it('a row picked in the book opens the sheet with its price', async () => {
    const page = await openAt(demo, '/BTCUSDT');
    await page.getByRole('tab', { name: 'Order Book' }).tap();
    const ask = page.getByTestId('ask-row').first();
    await ask.waitFor({ timeout: 15_000 });
    const price = priceOf(await ask.textContent());
    await ask.tap();
    const sheet = page.getByRole('dialog', { name: 'Spot BTC/USDT' });
    await sheet.waitFor();
    expect(Number(await sheet.getByLabel('Price (USDT)').inputValue())).toBe(Number(price));
  });

  it.each([768, 1024, 1366])('keeps the grid with the form beside the book at %i px', async (w) => {
    const page = await openAt(demo, '/BTCUSDT', w);
    await page.getByRole('region', { name: 'Spot' }).waitFor();
    expect(await page.getByRole('group', { name: 'Place an order' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Chart' }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
  });
});

describe('wallets and histories on a phone', () => {
  let user: { email: string; token: string };
  beforeAll(async () => {
    user = await verifiedUser('phone');
    await approveIdentity(user.email, user.token);
    await depositUsdt(user.email, user.token, '300');
    const withdrawal = await call(
      '/wallets/withdraw',
      { amount: '40', address: randomHex(20), token_id: 'USDT', network: 'ethereum' },
      user.token,
    );
    expect(withdrawal.success, withdrawal.message).toBe(true);
    await confirmWithdrawalByMail(user.email);
  });

  it('Funding: Deposit, Withdraw and Transfer are in view on the coin card and open by tap', async () => {
    const page = await openAt(user.token, '/wallets/funding');
    for (const [action, dialog] of [
      ['Deposit', /^Deposit Funds/],
      ['Withdraw', /^Withdraw Funds/],
      ['Transfer', /^Transfer/],
    ] as const) {
      const button = page.getByRole('button', { name: `${action} USDT (Funding)` });
      await expectInView(page, button);
      await button.tap();
      const opened = page.getByRole('dialog', { name: dialog });
      await opened.waitFor();
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'detached' });
    }
    // The card's lines say what they hold, each after its column's header: 300 in, 40 going out.
    const card = page.getByRole('row').filter({ has: page.getByText('USDT', { exact: true }) });
    const lines = await card.getByRole('cell').evaluateAll((cells) =>
      // The label is shown (`content`), with an empty alternative for screen readers.
      cells.map((cell) => `${getComputedStyle(cell, '::before').content} ${cell.textContent}`),
    );
    expect(lines.slice(0, 3)).toEqual([
      'none USDT Tether USD',
      '"Available Amount" / "" 260.0000',
      '"In Process" / "" 40.0000',
    ]);
    await expectNoSidewaysScroll(page);
  });

  it('Spot and the overview: Transfer in view and opening by tap', async () => {
    let page = await openAt(user.token, '/wallets/spot');
    const transfer = page.getByRole('button', { name: 'Transfer USDT (Spot)' });
    await expectInView(page, transfer);
    await transfer.tap();
    await page.getByRole('dialog', { name: /^Transfer/ }).waitFor();

    page = await openAt(user.token, '/wallets');
    const coin = page.getByRole('button', { name: /USDT/ }).first();
    await coin.tap();
    expect(await coin.getAttribute('aria-expanded')).toBe('true');
    for (const name of [
      'Transfer USDT (Spot)',
      'Deposit USDT (Funding)',
      'Withdraw USDT (Funding)',
    ])
      await expectInView(page, page.getByRole('button', { name }));
    await page.getByRole('button', { name: 'Withdraw USDT (Funding)' }).tap();
    await page.getByRole('dialog', { name: /^Withdraw Funds/ }).waitFor();
    await expectNoSidewaysScroll(page);
  });

  it('deposit and withdraw history show each record as a card, its status in view', async () => {
    for (const [path, status] of [
      ['/deposit-history', 'Confirmed'],
      ['/withdraw-history', 'Pending'],
    ] as const) {
      const page = await openAt(user.token, path);
      const card = page.getByRole('row').filter({ hasText: status }).first();
      await expectInView(page, card.getByRole('cell').filter({ hasText: status }));
      await expectInView(page, card.getByRole('cell').filter({ hasText: 'Ethereum' }));
      await expectNoSidewaysScroll(page);
    }
  });
});

describe('the admin queues', () => {
  let user: { email: string; token: string };
  let admin: string;
  beforeAll(async () => {
    user = await verifiedUser('phone-queue');
    await approveIdentity(user.email, user.token);
    // Under the four-eyes limit each, so one admin credits them.
    await depositUsdt(user.email, user.token, '900');
    await depositUsdt(user.email, user.token, '900');
    admin = await adminToken();
    // A deposit and a withdrawal over the four-eyes limit, each approved once.
    const claim = await call<{ _id: string }>(
      '/transactions/deposit/verify',
      {
        network: 'ethereum',
        sender_address: randomHex(20),
        transaction_hash: randomHex(32),
        amount: '1500',
      },
      user.token,
    );
    expect(claim.success, claim.message).toBe(true);
    const withdrawal = await call<{ _id: string }>(
      '/wallets/withdraw',
      { amount: '1200', address: randomHex(20), token_id: 'USDT', network: 'ethereum' },
      user.token,
    );
    expect(withdrawal.success, withdrawal.message).toBe(true);
    await confirmWithdrawalByMail(user.email);
    await call(`/admin/deposits/${claim.data._id}/confirm`, {}, admin);
    await call(`/admin/withdrawals/${withdrawal.data._id}/approve`, {}, admin);
  });

  it('show status, approvals and the decision buttons at 1366 px without a sideways scroll (D11)', async () => {
    const second = await adminToken('second-admin@exchange.local');
    for (const [path, table, decide] of [
      ['/admin/deposits', 'Deposits', 'Confirm'],
      ['/admin/withdrawals', 'Withdrawals', 'Approve'],
    ] as const) {
      const page = await openAt(second, path, 1366);
      await search(page, user.email);
      const row = page.getByRole('table', { name: table }).getByRole('row').nth(1);
      await row.getByText('Needs a second admin').waitFor({ timeout: 15_000 });
      for (const shown of [
        row.getByText('Pending', { exact: true }),
        row.getByText('Approved by admin@exchange.local', { exact: false }),
        row.getByRole('button', { name: new RegExp(`^${decide}`) }),
        row.getByRole('button', { name: /^Reject/ }),
      ])
        await expectInView(page, shown);
      // The table's own box does not scroll sideways either.
      const box = page
        .getByRole('region', { name: table, exact: true })
        .and(page.locator('[tabindex="0"]'));
      expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }
  });

  it('show each request as a card with its buttons in view at 375 px; a tap decides', async () => {
    const page = await openAt(admin, '/admin/withdrawals');
    await search(page, user.email);
    const card = page.getByRole('table', { name: 'Withdrawals' }).getByRole('row').nth(1);
    // This admin approved it already: the card says so instead of offering buttons.
    await expectInView(page, card.getByText('You approved it: another admin must too'));
    await expectInView(page, card.getByText('Needs a second admin'));
    await expectNoSidewaysScroll(page);

    // A fresh deposit: Confirm and Reject in view, and taps confirm it.
    const claim = await call(
      '/transactions/deposit/verify',
      {
        network: 'polygon',
        sender_address: randomHex(20),
        transaction_hash: randomHex(32),
        amount: '7',
      },
      user.token,
    );
    expect(claim.success, claim.message).toBe(true);
    await page.goto(`${baseUrl()}/admin/deposits`);
    await search(page, user.email);
    const deposit = page
      .getByRole('table', { name: 'Deposits' })
      .getByRole('row')
      .filter({ hasText: '7 USDT' });
    const confirm = deposit.getByRole('button', { name: /^Confirm deposit of 7 USDT/ });
    await expectInView(page, confirm);
    await expectInView(page, deposit.getByRole('button', { name: /^Reject/ }));
    await confirm.tap();
    // Money does not move on one tap: the decision's dialog confirms it (walk-3 D12).
    await page
      .getByRole('dialog', { name: 'Confirm deposit' })
      .getByRole('button', { name: 'Confirm' })
      .tap();
    await waitForToast(page, 'Deposit confirmed');
    await expectNoSidewaysScroll(page);
  });

  it('users and identity requests fit 375 px, each user a card opening by tap', async () => {
    const page = await openAt(admin, '/admin/users');
    await page.getByLabel('Search by email, name or phone').fill(user.email);
    await page.getByRole('button', { name: 'Search', exact: true }).tap();
    const open = page.getByRole('button', { name: user.email });
    await expectInView(page, open);
    await open.tap();
    await page.getByRole('button', { name: '← Users' }).waitFor();
    await expectInView(page, page.getByRole('button', { name: 'Lock account' }));
    await expectNoSidewaysScroll(page);
    await page.goto(`${baseUrl()}/admin/identity`);
    await page.getByRole('heading', { level: 1, name: 'Identity' }).waitFor();
    await expectNoSidewaysScroll(page);
  });
});
