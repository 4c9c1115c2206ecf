import type { WalletGroup } from '@exchange/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { spotTrader } from './identity-support';
import { baseUrl, browserForFile, call, signIn } from './support';

/*
 * Walk 4 on a phone (375 x 812, touch): thumb-sized targets (W4-17), the market cards' star
 * (W4-21), wallet amounts and hidden zeros (W4-18), the pair selector's tabs and search (W4-19),
 * the deposit warning's place (W4-20) and the profile's email (W4-22).
 */

const pages = browserForFile();
const THUMB = 44;

async function phoneAt(token: string | null, path: string): Promise<Page> {
  const page = await pages.open(375, 812, { hasTouch: true, isMobile: true });
  if (token) await signIn(page, token);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

/** The target is at least 44 x 44 px, as measured on the page. */
async function expectThumbSized(target: Locator, what: string) {
  await target.waitFor();
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(Math.round(box!.width), `${what} width`).toBeGreaterThanOrEqual(THUMB);
  expect(Math.round(box!.height), `${what} height`).toBeGreaterThanOrEqual(THUMB);
}

let trader: { email: string; token: string };
let btc = '';
beforeAll(async () => {
  trader = await spotTrader('reach', '300');
  const bought = await call(
    '/orders/spot',
    { symbol: 'BTCUSDT', order_type: 'market', trade_type: 'buy', volume: '0.0016' },
    trader.token,
  );
  expect(bought.success, bought.message).toBe(true);
  const wallets = await call<WalletGroup[]>(
    '/wallets?page=1&page_size=100',
    undefined,
    trader.token,
  );
  const coin = wallets.data.find((g) => g.short_name === 'BTC');
  const amount = coin?.balances.find((b) => b.wallet_type === 'spot')?.amount ?? '';
  // Shown to the coin's places, cut down; the fee comes off the BTC received, so that is more
  // places than the 4 a wallet used to show.
  btc = amount.slice(0, amount.indexOf('.') + 1 + (coin?.decimals ?? 0)).replace(/0+$/, '');
  expect(btc.split('.')[1]?.length ?? 0).toBeGreaterThan(4);
});

describe('thumb-sized targets at 375 px (W4-17)', () => {
  it('on the market cards: the star in its corner, no "Favorite" line on every card (W4-21)', async () => {
    const page = await phoneAt(trader.token, '/market');
    const star = page.getByRole('button', { name: 'Favorite BTC/USDT' }).first();
    await expectThumbSized(star, 'favourite star');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await expectThumbSized(page.getByRole('link', { name: 'Trade BTC/USDT' }).first(), 'Trade');
    const card = page.getByRole('row').filter({ has: star });
    expect(await card.innerText()).not.toMatch(/Favou?rite/i);
  });

  it('on the wallet cards, the order sheet, the chart and the login page', async () => {
    const page = await phoneAt(trader.token, '/wallets/funding');
    for (const action of ['Deposit', 'Withdraw', 'Transfer'])
      await expectThumbSized(
        page.getByRole('button', { name: `${action} USDT (Funding)` }),
        `${action} on a card`,
      );

    await page.goto(`${baseUrl()}/BTCUSDT`);
    await expectThumbSized(page.locator('a#tv-attr-logo'), "the chart library's logo link");
    await page.getByRole('button', { name: 'Buy BTC' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Spot BTC/USDT' });
    await expectThumbSized(sheet.getByTestId('available-balance'), 'available ⊕');

    const visitor = await phoneAt(null, '/login');
    await expectThumbSized(visitor.getByRole('link', { name: 'Sign up now' }), 'Sign up now');
  });
});

describe('wallets on a phone (W4-18)', () => {
  it("hides zero balances at first, shows a coin's every place, and lists all when asked", async () => {
    const page = await phoneAt(trader.token, '/wallets/spot');
    const table = page.getByRole('table', { name: 'Spot Wallet' });
    // A row's text starts with its coin.
    const row = (coin: string) =>
      table.getByRole('row').filter({ hasText: new RegExp(`^${coin}`) });
    await row('BTC').getByText(btc, { exact: false }).waitFor();
    const hideZero = page.getByLabel('Hide zero balances');
    expect(await hideZero.isChecked()).toBe(true);
    expect(await row('ADA').count()).toBe(0);
    await hideZero.uncheck();
    await row('ADA').waitFor();
  });
});

describe('the pair selector on a phone (W4-19)', () => {
  it('has the quote tabs and a search, and loads the pair picked', async () => {
    const page = await phoneAt(null, '/BTCUSDT');
    await page.getByRole('button', { name: /^Pair BTC\/USDT/ }).tap();
    const picker = page.getByRole('dialog', { name: 'Choose a pair' });
    const rows = picker.getByTestId('pair-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(10);
    await picker.getByRole('button', { name: 'INR', exact: true }).tap();
    await expect
      .poll(async () => (await rows.allInnerTexts()).every((r) => /^\w+\/INR/.test(r)))
      .toBe(true);
    await picker.getByRole('searchbox', { name: 'Search pairs' }).fill('btc');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().tap();
    await page.waitForURL(/\/BTCINR$/);
    await page.getByRole('button', { name: /^Pair BTC\/INR/ }).waitFor();
  });
});

describe('the deposit dialog and the profile on a phone', () => {
  it('warns about networks above the address and says the claim is optional (W4-20)', async () => {
    const page = await phoneAt(trader.token, '/wallets/funding');
    await page.getByRole('button', { name: 'Deposit USDT (Funding)' }).tap();
    const dialog = page.getByRole('dialog', { name: /Deposit Funds/ });
    const warning = dialog.getByRole('note').filter({ hasText: 'Only deposit USDT over' });
    const address = dialog.getByTestId('deposit-address');
    await address.waitFor();
    expect((await warning.boundingBox())!.y).toBeLessThan((await address.boundingBox())!.y);
    // In view when the dialog opens, not below the Submit button.
    expect((await warning.boundingBox())!.y + 20).toBeLessThan(812);
    await dialog.getByText('Already sent it? Telling us is optional').waitFor();
  });

  it('breaks the email only at its "@", the whole address in its title (W4-22)', async () => {
    const page = await phoneAt(trader.token, '/profile');
    const email = page.getByTestId('profile-email');
    await email.waitFor();
    expect(await email.getAttribute('title')).toBe(trader.email);
    // Where each character sits: a new line may start only at the "@".
    const breaks = await email.evaluate((el) => {
      const text = el.textContent ?? '';
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const tops: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          tops.push(Math.round(range.getBoundingClientRect().top));
        }
      }
      return tops.flatMap((top, i) => (i > 0 && top > tops[i - 1]! + 2 ? [text[i]] : []));
    });
    expect(breaks.every((c) => c === '@')).toBe(true);
  });
});
