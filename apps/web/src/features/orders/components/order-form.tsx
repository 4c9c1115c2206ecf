import { FALLBACK_ERROR_MESSAGE, type PlaceOrderRequest } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useMessage } from '@/i18n/use-message';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useGetSpotBalanceQuery } from '../api/get-spot-balance';
import { usePlaceOcoMutation, usePlaceOrderMutation } from '../api/orders-api';
import { useOrderFill, type OrderFill } from '../hooks/use-order-fill';
import {
  ORDER_FORM_MESSAGES,
  orderFee,
  orderTotal,
  validateDraft,
  wireDecimal,
  type DraftErrors,
  type OrderDraft,
  type OrderKind,
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

const EMPTY: OrderDraft = {
  side: 'buy',
  kind: 'limit',
  price: '',
  amount: '',
  stop: '',
  stopLimit: '',
};

const KINDS: readonly OrderKind[] = ['limit', 'market', 'stop_limit', 'oco'];

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
  const { t } = useTranslation('orders');
  const { t: stops } = useTranslation('stop-orders');
  const message = useMessage();
  const [placeOne, one] = usePlaceOrderMutation();
  const [placeOco, oco] = usePlaceOcoMutation();
  const isLoading = one.isLoading || oco.isLoading;
  const fee = orderFee(draft, lastPrice, rules);
  const change = (next: Partial<OrderDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors({});
  };
  // A picked book row fills the limit price; a market order becomes a limit order for it.
  useOrderFill(fill, (price, amount) =>
    change({ kind: draft.kind === 'market' ? 'limit' : draft.kind, price, amount }),
  );

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
        draft.kind !== 'market'
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
    if (Object.keys(found).length > 0) return;
    const common = {
      symbol: rules.symbol,
      trade_type: draft.side,
      volume: wireDecimal(draft.amount),
    };
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

  const stopField = (
    <Field
      label={stops('fields.stop', { quote: rules.quote })}
      name="stop"
      inputMode="decimal"
      autoComplete="off"
      value={draft.stop ?? ''}
      error={errors.stop}
      onChange={(e) => change({ stop: e.target.value })}
    />
  );

  return (
    <section className={bare ? undefined : styles.panel} aria-labelledby="order-form-title">
      <h2 id="order-form-title" className={bare ? styles.hiddenTitle : styles.title}>
        {t('form.title')}
      </h2>
      <form
        className={styles.form}
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label={t('form.label')}
      >
        <ToggleGroup
          label={t('form.side')}
          value={draft.side}
          options={[
            { value: 'buy', label: t('sides.buy'), tone: 'up' },
            { value: 'sell', label: t('sides.sell'), tone: 'down' },
          ]}
          onChange={(side) => change({ side })}
        />
        <ToggleGroup
          label={t('form.orderType')}
          value={draft.kind}
          options={KINDS.map((kind) => ({ value: kind, label: stops(`types.${kind}`) }))}
          onChange={(kind) => change({ kind })}
        />
        {(draft.kind === 'stop_limit' || draft.kind === 'oco') && (
          <p className={styles.marketNote}>{stops(`notes.${draft.kind}`)}</p>
        )}
        {draft.kind === 'stop_limit' && stopField}
        {draft.kind !== 'market' ? (
          <Field
            label={t('form.price', { quote: rules.quote })}
            name="price"
            inputMode="decimal"
            autoComplete="off"
            value={draft.price}
            error={errors.price}
            onChange={(e) => change({ price: e.target.value })}
          />
        ) : (
          <p className={styles.marketNote}>{t('form.marketPrice')}</p>
        )}
        {draft.kind === 'oco' && (
          <>
            {stopField}
            <Field
              label={stops('fields.stopLimit', { quote: rules.quote })}
              name="stopLimit"
              inputMode="decimal"
              autoComplete="off"
              value={draft.stopLimit ?? ''}
              error={errors.stopLimit}
              onChange={(e) => change({ stopLimit: e.target.value })}
            />
          </>
        )}
        <Field
          label={t('form.amount', { base: rules.base })}
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
          <span>{t('form.total')}</span>
          <output data-testid="order-total">{orderTotal(draft, lastPrice, rules.quote)}</output>
        </p>
        {fee !== null && (
          <p className={styles.line}>
            <span>{t('form.feeInclGst')}</span>
            <output data-testid="order-fee">{fee}</output>
          </p>
        )}
        {account !== 'visitor' && <AvailableBalance coin={coin} onDeposit={onDeposit} />}
        {errors.form && (
          <p className={styles.error} role="alert">
            {message(errors.form)}
          </p>
        )}
        {halted && (
          <p className={styles.notice} role="status">
            {t('form.halted', { symbol: rules.symbol })}
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
            {t(draft.side === 'buy' ? 'form.buyCoin' : 'form.sellCoin', { coin: rules.base })}
          </Button>
        </OrderAccess>
      </form>
    </section>
  );
}
