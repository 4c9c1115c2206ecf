import {
  FALLBACK_ERROR_MESSAGE,
  pairHaltedMessage,
  type PlaceOrderRequest,
} from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useGetSpotBalanceQuery } from '../api/get-spot-balance';
import { usePlaceOrderMutation } from '../api/orders-api';
import { useOrderFill, type OrderFill } from '../hooks/use-order-fill';
import {
  ORDER_FORM_MESSAGES,
  orderTotal,
  validateDraft,
  wireDecimal,
  type DraftErrors,
  type OrderDraft,
  type PairRules,
  type Side,
} from '../order-form-model';
import { AvailableBalance, type DepositCoin } from './available-balance';
import { OrderAccess, type Account } from './order-access';
import styles from './order-form.module.css';
import { PercentButtons } from './percent-buttons';
import { ToggleGroup } from './toggle-group';

interface OrderFormProps {
  rules: PairRules;
  /** Token ids of the pair's coins, for their balances and the Deposit Funds dialog. */
  baseId: string;
  quoteId: string;
  lastPrice: string | undefined;
  /** An admin halted the pair: the form says so and places nothing. */
  halted: boolean;
  account: Account;
  fill: OrderFill | null;
  onDeposit: (coin: DepositCoin) => void;
  /** The side the form opens on (the phone's Buy or Sell); Buy when not given. */
  initialSide?: Side;
  /** Told after an order is placed (the phone's sheet closes). */
  onPlaced?: () => void;
  /** Without its own panel frame and title, inside a dialog that has them. */
  bare?: boolean;
}

const EMPTY: OrderDraft = { side: 'buy', kind: 'limit', price: '', amount: '' };

/** The spot order form of spec section 2 with decisions D10, D19 and D20. */
export function OrderForm({
  rules,
  baseId,
  quoteId,
  lastPrice,
  halted,
  account,
  fill,
  onDeposit,
  initialSide = 'buy',
  onPlaced,
  bare = false,
}: OrderFormProps) {
  const [draft, setDraft] = useState<OrderDraft>({ ...EMPTY, side: initialSide });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [place, { isLoading }] = usePlaceOrderMutation();
  const change = (next: Partial<OrderDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors({});
  };
  useOrderFill(fill, (price, amount) => change({ kind: 'limit', price, amount }));

  const coin =
    draft.side === 'buy'
      ? { id: quoteId, short_name: rules.quote }
      : { id: baseId, short_name: rules.base };
  // The same query as AvailableBalance's, which RTK Query shares: what the order spends.
  const available = useGetSpotBalanceQuery(coin.short_name, { skip: account === 'visitor' }).data
    ?.amount;

  // Decision D20: the amount fills even when it cannot be placed, and the form says why at once.
  const onPercent = (amount: string | null) => {
    if (amount === null) {
      setErrors(
        draft.kind === 'limit'
          ? { price: ORDER_FORM_MESSAGES.priceFirst }
          : { form: ORDER_FORM_MESSAGES.noPrice },
      );
      return;
    }
    const next = { ...draft, amount };
    setDraft(next);
    if (amount === '0') {
      setErrors({ form: ORDER_FORM_MESSAGES.insufficient(coin.short_name) });
      return;
    }
    const found = validateDraft(next, available, lastPrice, rules);
    setErrors(found.form ? { form: found.form } : {});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft, available, lastPrice, rules);
    setErrors(found);
    if (found.price || found.amount || found.form) return;
    const body: PlaceOrderRequest = {
      symbol: rules.symbol,
      order_type: draft.kind,
      trade_type: draft.side,
      volume: wireDecimal(draft.amount),
      ...(draft.kind === 'limit' ? { price: wireDecimal(draft.price) } : {}),
    };
    try {
      const result = await place(body).unwrap();
      toast.success(result.message);
      change({ amount: '' });
      onPlaced?.();
    } catch (error) {
      // Spec section 8: the server's message as an error toast (with the way out of a KYC refusal).
      // A request that got no answer is logged too, and said: leaving the user to guess whether
      // the order exists is worse than the spec's silence.
      const failure = toastFailure(error, FALLBACK_ERROR_MESSAGE, ORDER_FORM_MESSAGES.unconfirmed);
      if (failure.exception) console.error('Order request failed:', error);
    }
  };

  return (
    <section className={bare ? undefined : styles.panel} aria-labelledby="order-form-title">
      <h2 id="order-form-title" className={bare ? styles.hiddenTitle : styles.title}>
        Spot
      </h2>
      <form
        className={styles.form}
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label="Spot order"
      >
        <ToggleGroup
          label="Side"
          value={draft.side}
          options={[
            { value: 'buy', label: 'Buy', tone: 'up' },
            { value: 'sell', label: 'Sell', tone: 'down' },
          ]}
          onChange={(side) => change({ side })}
        />
        <ToggleGroup
          label="Order type"
          value={draft.kind}
          options={[
            { value: 'limit', label: 'Limit' },
            { value: 'market', label: 'Market' },
          ]}
          onChange={(kind) => change({ kind })}
        />
        {draft.kind === 'limit' ? (
          <Field
            label={`Price (${rules.quote})`}
            name="price"
            inputMode="decimal"
            autoComplete="off"
            value={draft.price}
            error={errors.price}
            onChange={(e) => change({ price: e.target.value })}
          />
        ) : (
          <p className={styles.marketNote}>Market price</p>
        )}
        <Field
          label={`Amount (${rules.base})`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          error={errors.amount}
          onChange={(e) => change({ amount: e.target.value })}
        />
        <PercentButtons
          draft={draft}
          available={available}
          lastPrice={lastPrice}
          rules={rules}
          disabled={account !== 'verified'}
          onAmount={onPercent}
        />
        <p className={styles.line}>
          <span>Total</span>
          <output data-testid="order-total">
            {orderTotal(draft, lastPrice)} {rules.quote}
          </output>
        </p>
        {account !== 'visitor' && <AvailableBalance coin={coin} onDeposit={onDeposit} />}
        {errors.form && (
          <p className={styles.error} role="alert">
            {errors.form}
          </p>
        )}
        {halted && (
          <p className={styles.notice} role="status">
            {pairHaltedMessage(rules.symbol)}. Open orders stay on the book; new orders are refused
            until trading resumes.
          </p>
        )}
        <OrderAccess account={account}>
          <Button
            type="submit"
            block
            busy={isLoading}
            disabled={isLoading || halted}
            className={draft.side === 'buy' ? styles.buy : styles.sell}
          >
            {draft.side === 'buy' ? 'Buy' : 'Sell'} {rules.base}
          </Button>
        </OrderAccess>
      </form>
    </section>
  );
}
