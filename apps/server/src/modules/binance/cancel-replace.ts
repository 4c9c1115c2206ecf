import { BinanceError } from './errors.js';

/** `cancelReplaceMode`: stop when the cancel fails, or place the new order anyway. */
export const CANCEL_REPLACE_MODES = ['STOP_ON_FAILURE', 'ALLOW_FAILURE'] as const;
export type CancelReplaceMode = (typeof CANCEL_REPLACE_MODES)[number];

/** One half of a cancel-replace: its answer, or the refusal it met. */
export type Half<T> = { ok: true; answer: T } | { ok: false; error: BinanceError };

/** Whether the new order is attempted after the cancel came out as `cancelled`. */
export const placesAfter = (mode: CancelReplaceMode, cancelled: boolean): boolean =>
  cancelled || mode === 'ALLOW_FAILURE';

const failed = (error: BinanceError) => ({ code: error.code, msg: error.msg });

/**
 * `POST /order/cancelReplace`'s answer as Binance gives it: both halves done, the answers; else
 * -2021 (409) when one half went through, -2022 (400) when none did, each with `data` saying
 * what became of each half (`newOrder` null: not attempted).
 */
export function cancelReplaceAnswer<C, N>(cancel: Half<C>, newOrder: Half<N> | null) {
  const data = {
    cancelResult: cancel.ok ? 'SUCCESS' : 'FAILURE',
    newOrderResult: newOrder === null ? 'NOT_ATTEMPTED' : newOrder.ok ? 'SUCCESS' : 'FAILURE',
    cancelResponse: cancel.ok ? cancel.answer : failed(cancel.error),
    newOrderResponse:
      newOrder === null ? null : newOrder.ok ? newOrder.answer : failed(newOrder.error),
  };
  if (cancel.ok && newOrder?.ok) return data;
  if (cancel.ok || newOrder?.ok)
    throw new BinanceError(-2021, 'Order cancel-replace partially failed.', 409, data);
  throw new BinanceError(-2022, 'Order cancel-replace failed.', 400, data);
}
