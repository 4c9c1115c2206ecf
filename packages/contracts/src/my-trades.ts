import { z } from 'zod';
import { pageNumberSchema } from './envelope.js';
import { TRADE_TYPES } from './order-constants.js';

/** Whether a fill's order rested on the book (maker) or took from it (taker). */
export const TRADE_ROLES = ['maker', 'taker'] as const;

/** One fill of one of the user's orders: the Trade History tab's row. */
export const myTradeSchema = z.object({
  /** Trade ids count per pair: `symbol` and `trade_id` name a fill together. */
  trade_id: z.string(),
  order_id: z.string(),
  symbol: z.string(),
  side: z.enum(TRADE_TYPES),
  price: z.string(),
  /** The base coin traded. */
  amount: z.string(),
  /** price × amount, in the quote coin. */
  total: z.string(),
  /** Fee and TDS are taken from what the side received: the base for a buy, the quote for a sell. */
  fee: z.string(),
  /** The GST included in `fee` (18%: the fee is "incl. GST"); the rest is the taxable value. */
  gst: z.string(),
  tds: z.string(),
  fee_token: z.string(),
  role: z.enum(TRADE_ROLES),
  time: z.string(),
});
export type MyTradeDto = z.infer<typeof myTradeSchema>;

/** The user's fills, newest first; `symbol` narrows them to one pair. */
export const myTradesQuerySchema = z.object({
  page: pageNumberSchema,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  symbol: z.string().trim().min(1).max(40).optional(),
});

/** The CSV download of the user's fills: every fill, or one pair's. */
export const myTradesCsvQuerySchema = myTradesQuerySchema.pick({ symbol: true });

/** The CSV's columns, in order (times in IST, as the tax downloads). */
export const MY_TRADE_COLUMNS = [
  'Date (IST)',
  'Pair',
  'Side',
  'Price',
  'Amount',
  'Total',
  'Fee (incl. GST)',
  'GST in fee',
  'TDS',
  'Fee coin',
  'Maker/Taker',
  'Trade',
  'Order',
] as const;
