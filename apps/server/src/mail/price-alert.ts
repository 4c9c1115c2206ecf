import {
  groupDigitsAs,
  type Language,
  type NumberGrouping,
  type PriceAlertFired,
} from '@exchange/contracts';
import { escapeHtml, mailLayout } from './layout.js';
import type { MailMessage } from './mailer.js';

/** A fired price alert as its mail and its in-app notification say it. */
export interface PriceAlertText {
  title: string;
  body: string;
}

/** A fired alert's prices as shown: grouped as the reader chose (walk-4 W4-3). */
type Shown = PriceAlertFired;

/**
 * The words in each language (issue 36, docs/hindi-glossary.md); the web app's bell says the same
 * from its `notifications` catalog (`fired.*`).
 */
export const PRICE_ALERT_TEXTS = {
  en: {
    title: (a: Shown) => `${a.symbol} is ${a.direction} ${a.price} ${a.quote}`,
    body: (a: Shown) =>
      `${a.symbol} traded at ${a.traded} ${a.quote}, crossing your alert ${a.direction} ${a.price} ${a.quote}. The alert has fired and is now off.`,
    subject: (title: string) => `Price alert: ${title}`,
    where:
      'You set this alert on the trading page. Manage your alerts there, under the bell beside the price.',
  },
  hi: {
    title: (a: Shown) =>
      `${a.symbol} ${a.price} ${a.quote} से ${a.direction === 'above' ? 'ऊपर' : 'नीचे'} है`,
    body: (a: Shown) =>
      `${a.symbol} का ट्रेड ${a.traded} ${a.quote} पर हुआ, जिससे आपका ${a.price} ${a.quote} से ${a.direction === 'above' ? 'ऊपर' : 'नीचे'} का अलर्ट पार हो गया। अलर्ट चल गया है और अब बंद है।`,
    subject: (title: string) => `प्राइस अलर्ट: ${title}`,
    where: 'आपने यह अलर्ट ट्रेडिंग पेज पर सेट किया था। अपने अलर्ट वहीं, भाव के पास वाली घंटी में संभालें।',
  },
} satisfies Record<Language, unknown>;

const shown = (alert: PriceAlertFired, grouping: NumberGrouping): Shown => ({
  ...alert,
  price: groupDigitsAs(alert.price, grouping),
  traded: groupDigitsAs(alert.traded, grouping),
});

/**
 * "BTC/USDT is above 50,000 USDT": the market, the side, the threshold and the trade price that
 * crossed it, in the quote coin, in `language` with `grouping`.
 */
export function priceAlertText(
  alert: PriceAlertFired,
  language: Language = 'en',
  grouping: NumberGrouping = 'indian',
): PriceAlertText {
  const said = shown(alert, grouping);
  return {
    title: PRICE_ALERT_TEXTS[language].title(said),
    body: PRICE_ALERT_TEXTS[language].body(said),
  };
}

/** The mail of a fired alert, in the owner's language and grouping. */
export function priceAlertMail(
  to: string,
  alert: PriceAlertFired,
  language: Language = 'en',
  grouping: NumberGrouping = 'indian',
): MailMessage {
  const text = priceAlertText(alert, language, grouping);
  const lines = [text.body, PRICE_ALERT_TEXTS[language].where];
  return {
    to,
    subject: PRICE_ALERT_TEXTS[language].subject(text.title),
    text: lines.join('\n\n'),
    html: mailLayout(text.title, lines.map(escapeHtml), language),
  };
}
