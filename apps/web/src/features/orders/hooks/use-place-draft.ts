import { FALLBACK_ERROR_MESSAGE, type PlaceOrderRequest } from '@exchange/contracts';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { usePlaceOcoMutation, usePlaceOrderMutation } from '../api/orders-api';
import { ORDER_FORM_MESSAGES, wireDecimal, type OrderDraft } from '../order-form-model';

/**
 * Sends a checked draft as the order (or OCO pair) it describes and says how it went in a toast;
 * `place` answers whether the order was placed.
 */
export function usePlaceDraft(symbol: string) {
  const [placeOne, one] = usePlaceOrderMutation();
  const [placeOco, oco] = usePlaceOcoMutation();

  const place = async (draft: OrderDraft): Promise<boolean> => {
    const common = { symbol, trade_type: draft.side, volume: wireDecimal(draft.amount) };
    const body: PlaceOrderRequest = {
      ...common,
      order_type: draft.kind === 'oco' ? 'limit' : draft.kind,
      ...(draft.kind !== 'market' ? { price: wireDecimal(draft.price) } : {}),
      ...(draft.kind === 'stop_limit' ? { stop_price: wireDecimal(draft.stop ?? '') } : {}),
    };
    try {
      const result =
        draft.kind === 'oco'
          ? await placeOco({
              ...common,
              price: wireDecimal(draft.price),
              stop_price: wireDecimal(draft.stop ?? ''),
              stop_limit_price: wireDecimal(draft.stopLimit ?? ''),
            }).unwrap()
          : await placeOne(body).unwrap();
      toast.success(result.message);
      return true;
    } catch (error) {
      // Spec section 8: the server's message as an error toast (with the way out of a KYC refusal).
      // A request that got no answer is logged too, and said: leaving the user to guess whether
      // the order exists is worse than the spec's silence.
      const failure = toastFailure(error, FALLBACK_ERROR_MESSAGE, ORDER_FORM_MESSAGES.unconfirmed);
      if (failure.exception) console.error('Order request failed:', error);
      return false;
    }
  };

  return { place, isLoading: one.isLoading || oco.isLoading };
}
