import type { Locator, Page } from 'playwright-core';
import type { browserForFile } from './support';

/**
 * Latin words the glossary keeps (docs/hindi-glossary.md): coin and network names as listed,
 * Aadhaar, image formats.
 */
const GLOSSARY =
  /\b(BTC|ETH|USDT|INR|KYC|UTR|PAN|OTP|API|Exchange|Google|Apple|Telegram|English|Bitcoin|Ethereum|Tether|(Binance|BNB) Smart Chain|Polygon|Aadhaar|JPEG|PNG|WebP)\b/g;

/** The English words in a text, the glossary's kept words and coin symbols aside. */
export const englishWordsIn = (text: string) =>
  text.replace(GLOSSARY, '').match(/[A-Za-z]{2,}/g) ?? [];

/**
 * The English words a Hindi screen still shows in `scope` (the page's main content by default):
 * its visible text, with the glossary's terms and upper-case coin symbols and pairs (SOL, BTC/USDT)
 * taken out, and GSTINs (15 characters: a state code, a PAN, three more).
 */
export async function englishOnScreen(page: Page, scope?: Locator): Promise<string[]> {
  const text = await (scope ?? page.locator('main')).innerText();
  return englishWordsIn(
    text
      .replace(/\b\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]\b/g, '')
      .replace(/\b[A-Z0-9]{2,10}(\/[A-Z0-9]{2,10})?\b/g, ''),
  );
}

/**
 * What a Hindi screen may show in Latin script (issue 47): coin and network names and tickers,
 * brand and product names, units and formats, the users' own data (emails, names, ids, addresses
 * and hashes are taken out before, by their shape). Each entry is a whole word or phrase.
 */
const ALLOWED = [
  // Coins, networks and their names as the listings give them.
  'Bitcoin',
  'Ethereum',
  'Tether',
  'Binance',
  'Smart',
  'Chain',
  'Polygon',
  'Solana',
  'Ripple',
  'TRON',
  'Tron',
  'Cardano',
  'Dogecoin',
  'Litecoin',
  'Indian Rupee',
  'Aave',
  'Arbitrum',
  'Cosmos',
  'Avalanche',
  'Bitcoin Cash',
  'Polkadot',
  'Ethereum Classic',
  'Filecoin',
  'Chainlink',
  'NEAR Protocol',
  'Shiba Inu',
  'Toncoin',
  'Uniswap',
  'Stellar',
  // Brands and products.
  'Exchange',
  'Google',
  'Apple',
  'Telegram',
  'Charting by TradingView',
  'TradingView',
  'RazorpayX',
  'Authenticator',
  'Merkle',
  'HDFC',
  'Bank',
  'IST',
  'UTC',
  // Units and formats.
  'KB',
  'MB',
  'JPEG',
  'PNG',
  'WebP',
  'PDF',
  'CSV',
  'Aadhaar',
  'USD',
];
// Longest first, so "Bitcoin Cash" goes whole before "Bitcoin".
const ALLOWED_WORDS = new RegExp(
  `\\b(${[...ALLOWED].sort((a, b) => b.length - a.length).join('|')})\\b`,
  'g',
);

/**
 * Data a screen shows as it is: emails and UPI ids, ids, hex, IP addresses, IFSCs, paths, a
 * file's column names and settings' names (snake case), literal values in quotes, and the names of the test's and the demo's users.
 */
const DATA = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)*/g,
  // An email broken at its "@" (W4-22): its domain alone.
  /@[\w-]+(\.[\w-]+)+/g,
  // A hash or id shortened with an ellipsis, and hex runs (hashes, short ids).
  /\b[0-9a-fx]+…[0-9a-f]+\b/gi,
  /\b[0-9a-f]{6,}\b/gi,
  // A token with a digit in it: ids, test users' addresses, algorithm names (Ed25519).
  /[\w.+-]*\d[\w.+-]*/g,
  /\b0x[0-9a-fA-F]+\b/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  /\b[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}\b/gi,
  /\b[A-Z]{4}0[A-Z0-9]{6}\b/g,
  /(^|\s)\/[a-z-/]+/g,
  /\b[a-z_]+(,[a-z_]+)+\b/g,
  /\b\w+(_\w+)+\b/g,
  /"[a-z]+"/g,
  /\b(Asha|Rao|Demo Trader|Market Maker|Liquidity Taker|Demo Admin|Admin)\b/g,
];

/** The Latin words in `text` outside the allow-list, upper-case tickers and pairs aside. */
export function latinWordsIn(text: string): string[] {
  let rest = text;
  for (const pattern of DATA) rest = rest.replace(pattern, ' ');
  rest = rest.replace(ALLOWED_WORDS, ' ').replace(/\b[A-Z0-9]{2,10}(\/[A-Z0-9]{2,10})?\b/g, ' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

/**
 * The Latin words a Hindi page still shows or says: its visible text nodes (screen-reader text
 * included), and the labels, placeholders, titles and alternative texts of its visible elements;
 * code, addresses and keys shown as code (`code`, `kbd`, `pre`) are literal and left out, as is
 * what the page marks not to be translated (`translate="no"`: names the admins gave, say).
 */
export async function latinWordsOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const shown = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !el.closest('code, kbd, pre, script, style, noscript, svg, [translate="no"]');
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && node.parentElement && shown(node.parentElement)) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      if (!shown(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
  return [...new Set(texts.flatMap((text) => latinWordsIn(text).map(() => text)))];
}

/** A phone in Hindi (375 px, touch, IST) from the file's browser: asked for and remembered. */
export async function hindiPhone(browser: Pick<ReturnType<typeof browserForFile>, 'open'>) {
  const page = await browser.open(375, 812, {
    locale: 'hi-IN',
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Kolkata',
  });
  await page.addInitScript(() => localStorage.setItem('language', 'hi'));
  return page;
}
