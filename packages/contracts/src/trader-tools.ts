import { z } from 'zod';
import { amountSchema } from './wallets.js';

/** At most this many alerts per user that have not fired yet. */
export const MAX_PRICE_ALERTS = 20;

export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

export const PRICE_ALERT_MESSAGES = {
  symbolRequired: 'Choose a market',
  directionRequired: 'Choose above or below',
  pricePositive: 'Price must be greater than 0',
  unknownSymbol: 'Unknown market',
  tooMany: `You can keep at most ${MAX_PRICE_ALERTS} active price alerts. Delete one first.`,
  alreadyAbove: 'The last price is already at or above this price',
  alreadyBelow: 'The last price is already at or below this price',
  noPrice: 'This market has no trades yet: an alert needs a last price',
  notFound: 'Alert not found',
} as const;
const M = PRICE_ALERT_MESSAGES;

export const priceAlertRequestSchema = z.object({
  symbol: z.string({ error: M.symbolRequired }).trim().min(1, { error: M.symbolRequired }),
  direction: z.enum(ALERT_DIRECTIONS, { error: M.directionRequired }),
  price: amountSchema(M.pricePositive),
});
export type PriceAlertRequest = z.infer<typeof priceAlertRequestSchema>;

export const priceAlertSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  direction: z.enum(ALERT_DIRECTIONS),
  price: z.string().describe('Decimal string, the quote coin per base coin'),
  created_at: z.string(),
  fired_at: z.string().nullable().describe('When the last price crossed it; null while active'),
  fired_price: z.string().nullable().describe('The trade price that crossed it'),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

/**
 * What a fired price alert says, as values (walk-4 W4-3): the web app and the mail word them in
 * the reader's language, prices grouped as the reader chose.
 */
export const priceAlertFiredSchema = z.object({
  symbol: z.string().describe('The pair, e.g. BTC/USDT'),
  quote: z.string(),
  direction: z.enum(ALERT_DIRECTIONS),
  price: z.string().describe("The alert's price, a decimal string"),
  traded: z.string().describe('The trade price that crossed it'),
});
export type PriceAlertFired = z.infer<typeof priceAlertFiredSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(['price_alert']),
  /** The English wording, for a client that does not word `values` itself. */
  title: z.string(),
  body: z.string(),
  /** A price alert's values; null on notifications stored before they were kept. */
  values: priceAlertFiredSchema.nullable(),
  /** Where the notification leads in the app, e.g. the trading page of the pair. */
  link: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  unread: z.number().int(),
  items: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** How many notifications the bell lists, newest first. */
export const NOTIFICATIONS_LISTED = 30;

/** Profit and loss of one coin, in USDT; decimal strings. */
export const coinPnlSchema = z.object({
  coin: z.string(),
  quantity: z.string().describe('What the fills, deposits and withdrawals leave held'),
  average_cost: z.string().nullable().describe('USDT per coin; null when nothing is held'),
  cost_basis: z.string(),
  realised: z.string().describe('Sells: proceeds after fees minus average cost of what was sold'),
  unrealised: z.string().nullable().describe('At the last price; null when no price is known'),
  last_price: z.string().nullable(),
});
export type CoinPnl = z.infer<typeof coinPnlSchema>;

export const portfolioPnlSchema = z.object({
  coins: z.array(coinPnlSchema),
  realised: z.string(),
  unrealised: z.string(),
  value: z.string().describe('Every coin held, USDT at the last prices'),
  change_24h: z.string().describe('Value now minus the same holdings at the prices of 24 h ago'),
  change_24h_percent: z.string().nullable(),
});
export type PortfolioPnl = z.infer<typeof portfolioPnlSchema>;
