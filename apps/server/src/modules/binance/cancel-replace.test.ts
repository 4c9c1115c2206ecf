import { describe, expect, it } from 'vitest';
import { cancelReplaceAnswer, placesAfter, type Half } from './cancel-replace.js';
import { BINANCE_ERRORS, BinanceError } from './errors.js';

const cancelled: Half<{ status: string }> = { ok: true, answer: { status: 'CANCELED' } };
const placed: Half<{ status: string }> = { ok: true, answer: { status: 'NEW' } };
const unknown: Half<never> = { ok: false, error: BINANCE_ERRORS.cancelUnknown() };
const poor: Half<never> = { ok: false, error: BINANCE_ERRORS.insufficientBalance() };

/** The refusal `cancelReplaceAnswer` throws for these halves. */
function refusal(cancel: Half<unknown>, newOrder: Half<unknown> | null): BinanceError {
  try {
    cancelReplaceAnswer(cancel, newOrder);
  } catch (err) {
    if (err instanceof BinanceError) return err;
  }
  throw new Error('not refused');
}

describe("Binance's cancel-replace", () => {
  it('places the new order after a failed cancel only with ALLOW_FAILURE', () => {
    expect(placesAfter('STOP_ON_FAILURE', true)).toBe(true);
    expect(placesAfter('STOP_ON_FAILURE', false)).toBe(false);
    expect(placesAfter('ALLOW_FAILURE', false)).toBe(true);
  });

  it('answers both halves when both went through', () => {
    expect(cancelReplaceAnswer(cancelled, placed)).toEqual({
      cancelResult: 'SUCCESS',
      newOrderResult: 'SUCCESS',
      cancelResponse: { status: 'CANCELED' },
      newOrderResponse: { status: 'NEW' },
    });
  });

  it('refuses with -2022 when nothing went through, saying whether the order was attempted', () => {
    const stopped = refusal(unknown, null);
    expect([stopped.code, stopped.status, stopped.msg]).toEqual([
      -2022,
      400,
      'Order cancel-replace failed.',
    ]);
    expect(stopped.data).toEqual({
      cancelResult: 'FAILURE',
      newOrderResult: 'NOT_ATTEMPTED',
      cancelResponse: { code: -2011, msg: 'Unknown order sent.' },
      newOrderResponse: null,
    });
    expect(refusal(unknown, poor).data).toMatchObject({
      newOrderResult: 'FAILURE',
      newOrderResponse: { code: -2010 },
    });
  });

  it("refuses with -2021 (409) when one half went through, with that half's answer", () => {
    const newFailed = refusal(cancelled, poor);
    expect([newFailed.code, newFailed.status]).toEqual([-2021, 409]);
    expect(newFailed.data).toMatchObject({
      cancelResult: 'SUCCESS',
      newOrderResult: 'FAILURE',
      cancelResponse: { status: 'CANCELED' },
    });
    expect(refusal(unknown, placed).data).toMatchObject({
      cancelResult: 'FAILURE',
      newOrderResult: 'SUCCESS',
      newOrderResponse: { status: 'NEW' },
    });
  });
});
