import { escapeHtml, mailLayout } from './layout.js';
import type { MailMessage } from './mailer.js';

/** A fired price alert as its mail and its in-app notification say it. */
export interface PriceAlertText {
  title: string;
  body: string;
}

/**
 * "BTC/USDT is above 50000": the market, the side, the threshold and the trade price that crossed
 * it, in the quote coin.
 */
export function priceAlertText(
  base: string,
  quote: string,
  direction: 'above' | 'below',
  threshold: string,
  traded: string,
): PriceAlertText {
  return {
    title: `${base}/${quote} is ${direction} ${threshold} ${quote}`,
    body: `${base}/${quote} traded at ${traded} ${quote}, crossing your alert ${direction} ${threshold} ${quote}. The alert has fired and is now off.`,
  };
}

export function priceAlertMail(to: string, text: PriceAlertText): MailMessage {
  const lines = [
    text.body,
    'You set this alert on the trading page. Manage your alerts there, under the bell beside the price.',
  ];
  return {
    to,
    subject: `Price alert: ${text.title}`,
    text: lines.join('\n\n'),
    html: mailLayout(text.title, lines.map(escapeHtml)),
  };
}
