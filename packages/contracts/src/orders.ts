import { z } from 'zod';
import { pageNumberSchema } from './envelope.js';
import {
  BATCH_CANCEL_MAX,
  BATCH_PLACE_MAX,
  ORDER_LIST_STATUSES,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  ORDER_TYPES,
  TRADE_TYPES,
} from './order-constants.js';
import { amountSchema } from './wallets.js';

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
    stop_price: amountSchema(M.stopPricePositive).optional(),
    client_order_id: clientOrderIdSchema
      .describe(
        'Your id for the order. For 24 hours (or while the order is open) it names this order: ' +
          'the same order sent again with it is a retry, answered with the first order as it ' +
          'stands now and never placed twice; another order with it is 409 CONFLICT. Send one ' +
          'with every order you may need to retry.',
      )
      .optional(),
  })
  .refine((o) => o.order_type === 'market' || o.price !== undefined, {
    error: M.priceRequired,
    path: ['price'],
  })
  .refine((o) => o.order_type !== 'stop_limit' || o.stop_price !== undefined, {
    error: M.stopPriceRequired,
    path: ['stop_price'],
  });
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>;

/**
 * An OCO (one cancels the other): a limit order at `price` and a stop-limit order (stop at
 * `stop_price`, limit at `stop_limit_price`), same side and volume. A fill of the limit order
 * cancels the stop; the stop's trigger cancels the limit order. A sell's limit price is above its
 * stop price, a buy's below. The pair holds once, for the larger of its two orders' needs.
 */
export const placeOcoRequestSchema = z.object({
  symbol: z.string({ error: M.symbolRequired }).trim().min(1, { error: M.symbolRequired }),
  trade_type: z.enum(TRADE_TYPES, { error: M.tradeType }),
  volume: amountSchema(M.amountPositive),
  price: amountSchema(M.pricePositive),
  stop_price: amountSchema(M.stopPricePositive),
  stop_limit_price: amountSchema(M.pricePositive),
  client_order_id: clientOrderIdSchema.optional(),
});
export type PlaceOcoRequest = z.infer<typeof placeOcoRequestSchema>;

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
  /** A stop-limit order's stop price (null for other orders). */
  stop_price: z.string().nullable(),
  /** When its stop was crossed and it entered the book; null while it waits (or not a stop). */
  triggered_at: z.string().nullable(),
  /** The other order of its OCO pair, if any. */
  oco_id: z.string().nullable(),
  /** Placed to rest only, never to take (Binance's LIMIT_MAKER): refused had it crossed. */
  post_only: z.boolean(),
  /** The quote amount a market buy was placed to spend (Binance's `quoteOrderQty`), else null. */
  quote_budget: z.string().nullable(),
});
export type OrderDto = z.infer<typeof orderSchema>;

export const orderListQuerySchema = z.object({
  page: pageNumberSchema,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  order_status: z.enum(ORDER_LIST_STATUSES).optional(),
  'filters[order_status]': z.enum(ORDER_LIST_STATUSES).optional(),
});

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
