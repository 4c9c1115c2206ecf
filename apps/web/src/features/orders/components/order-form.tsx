import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { useGetSpotBalanceQuery } from '../api/get-spot-balance';
import { useOrderFill, type OrderFill } from '../hooks/use-order-fill';
import { usePlaceDraft } from '../hooks/use-place-draft';
import {
  orderFee,
  orderTotal,
  percentErrors,
  validateDraft,
  type DraftErrors,
  type OrderDraft,
  type PairRules,
  type Side,
} from '../order-form-model';
import { AvailableBalance, type DepositCoin } from './available-balance';
import type { Account } from './order-access';
import { OrderKindToggles } from './order-kind-toggles';
import { OrderPriceFields } from './order-price-fields';
import { OrderSubmit } from './order-submit';
import styles from './order-form.module.css';
import { PercentButtons } from './percent-buttons';

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
  const { place, isLoading } = usePlaceDraft(rules.symbol);
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
    const next = amount === null ? draft : { ...draft, amount };
    setDraft(next);
    setErrors(percentErrors(next, amount, available, lastPrice, rules));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft, available, lastPrice, rules);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!(await place(draft))) return;
    change({ amount: '' });
    onPlaced?.();
  };

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
        <OrderKindToggles side={draft.side} kind={draft.kind} onChange={change} />
        <OrderPriceFields draft={draft} errors={errors} quote={rules.quote} onChange={change} />
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
        <OrderSubmit
          side={draft.side}
          rules={rules}
          account={account}
          halted={halted}
          busy={isLoading}
          error={errors.form}
        />
      </form>
    </section>
  );
}
