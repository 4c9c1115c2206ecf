import { z } from 'zod';
import { pageNumberSchema } from './envelope.js';
import { amountSchema } from './wallets.js';

export const ORDER_TYPES = ['limit', 'market'] as const;
export const TRADE_TYPES = ['buy', 'sell'] as const;
export const ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;
/**
 * A market order may sweep at most this far (in percent) from the best price: the server sizes a
 * market buy's hold to it, and clients keep that much (and a little more) of their balance free.
 */
export const MARKET_PROTECTION_PERCENT = 5;
/**
 * What a client prices a market buy at, in percent of the last price: the protection band plus
 * one point, since the best ask may sit a little above the last trade.
 */
export const MARKET_BUY_HEADROOM_PERCENT = 100 + MARKET_PROTECTION_PERCENT + 1;
/** The list filter of spec section 7: open orders, or the history of closed ones. */
export const ORDER_LIST_STATUSES = ['open', 'closed'] as const;

/** Decision D10: the order form's messages, shared by the client and the server. */
export const ORDER_MESSAGES = {
  symbolRequired: 'Symbol is required',
  orderType: 'Order type must be limit or market',
  tradeType: 'Side must be buy or sell',
  priceRequired: 'Price is required for a limit order',
  pricePositive: 'Price must be greater than 0',
  amountPositive: 'Amount must be greater than 0',
  clientOrderId: 'Client order id must be 1-36 letters, digits, - or _',
} as const;

/** A program's own name for an order: unique among the user's open orders. */
export const clientOrderIdSchema = z
  .string({ error: ORDER_MESSAGES.clientOrderId })
  .regex(/^[A-Za-z0-9_-]{1,36}$/, { error: ORDER_MESSAGES.clientOrderId });

const M = ORDER_MESSAGES;

export const placeOrderRequestSchema = z
  .object({
    symbol: z.string({ error: M.symbolRequired }).trim().min(1, { error: M.symbolRequired }),
    order_type: z.enum(ORDER_TYPES, { error: M.orderType }),
    trade_type: z.enum(TRADE_TYPES, { error: M.tradeType }),
    volume: amountSchema(M.amountPositive),
    price: amountSchema(M.pricePositive).optional(),
    client_order_id: clientOrderIdSchema.optional(),
  })
  .refine((o) => o.order_type === 'market' || o.price !== undefined, {
    error: M.priceRequired,
    path: ['price'],
  });
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

export const cancelOrderRequestSchema = z.object({
  status: z.literal('cancelled', { error: 'Only status "cancelled" can be set' }),
});

export const orderSchema = z.object({
  _id: z.string(),
  symbol: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  trade_type: z.enum(TRADE_TYPES),
  order_type: z.enum(ORDER_TYPES),
  /** Limit price; for a market order, the average fill price (or "0" before any fill). */
  price: z.string(),
  volume: z.string(),
  /** The total: price × volume for a limit order, what was traded for a market order. */
  amount: z.string(),
  status: z.enum(ORDER_STATUSES),
  filled_volume: z.string(),
  average_price: z.string(),
  fee: z.string(),
  fee_token: z.string(),
  /** TDS deducted (section 194S) from what the order received, in `fee_token` like its fee. */
  tds: z.string(),
  cancel_reason: z.string().nullable(),
  /** The id the client gave when placing it, if any. */
  client_order_id: z.string().nullable(),
});
export type OrderDto = z.infer<typeof orderSchema>;

export const orderListQuerySchema = z.object({
  page: pageNumberSchema,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  order_status: z.enum(ORDER_LIST_STATUSES).optional(),
  'filters[order_status]': z.enum(ORDER_LIST_STATUSES).optional(),
});

/** Orders one batch call may place, and cancel. */
export const BATCH_PLACE_MAX = 20;
export const BATCH_CANCEL_MAX = 100;

export const batchPlaceRequestSchema = z.object({
  orders: z
    .array(placeOrderRequestSchema)
    .min(1, { error: 'Give at least one order' })
    .max(BATCH_PLACE_MAX, { error: `At most ${BATCH_PLACE_MAX} orders a call` }),
});

/** Orders to cancel by our id or by the client's: at most BATCH_CANCEL_MAX together. */
export const batchCancelRequestSchema = z
  .object({
    order_ids: z.array(z.string().max(20)).default([]),
    client_order_ids: z.array(clientOrderIdSchema).default([]),
  })
  .refine((b) => b.order_ids.length + b.client_order_ids.length > 0, {
    error: 'Give order_ids or client_order_ids',
    path: ['order_ids'],
  })
  .refine((b) => b.order_ids.length + b.client_order_ids.length <= BATCH_CANCEL_MAX, {
    error: `At most ${BATCH_CANCEL_MAX} orders a call`,
    path: ['order_ids'],
  });

export const cancelAllRequestSchema = z.object({
  symbol: z.string({ error: M.symbolRequired }).trim().min(1, { error: M.symbolRequired }),
});

/** One item of a batch answer: the envelope of the call it stands for. */
export const batchItemSchema = z.object({
  success: z.boolean(),
  status: z.number().int(),
  code: z.string().optional(),
  message: z.string(),
  data: orderSchema.optional(),
});
export type BatchItem = z.infer<typeof batchItemSchema>;
