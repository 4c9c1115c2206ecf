import type { Locator, Page } from 'playwright-core';

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
 * taken out.
 */
export async function englishOnScreen(page: Page, scope?: Locator): Promise<string[]> {
  const text = await (scope ?? page.locator('main')).innerText();
  return englishWordsIn(text.replace(/\b[A-Z0-9]{2,10}(\/[A-Z0-9]{2,10})?\b/g, ''));
}
