import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Tabs } from '@/components/ui/tabs';
import {
  addAmounts,
  compareAmounts,
  groupThousands,
  multiplyAmounts,
  roundAmount,
  subtractAmounts,
} from '@/lib/amount';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import {
  useConvertOrderMutation,
  useConvertTransferMutation,
  useGetConvertBookQuery,
} from '../api/rupees-api';
import { buyPreview, sellPreview } from '../convert-math';
import styles from './rupees.module.css';

type Side = 'buy' | 'sell';
const SYMBOL = 'USDTINR';
const FAILED = 'The conversion could not be made. Please try again.';

/** Free balances of a coin in each wallet. */
export interface Holding {
  tokenId: string;
  spot: string;
  funding: string;
}

interface Props {
  inr: Holding;
  usdt: Holding;
}

/**
 * "Buy USDT with INR" and "Sell USDT for INR": a market order on USDT/INR sized by a rupee
 * amount, previewed from the live book first. Pays from the Spot wallet, moving what Spot lacks
 * from Funding first.
 */
export function ConvertUsdt({ inr, usdt }: Props) {
  const [side, setSide] = useState<Side>('buy');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const book = useGetConvertBookQuery(SYMBOL, { pollingInterval: 5000 });
  const [transfer, { isLoading: moving }] = useConvertTransferMutation();
  const [order, { isLoading: ordering }] = useConvertOrderMutation();
  const valid = /^\d+(\.\d{1,2})?$/.test(amount.trim());
  const preview = !valid
    ? null
    : side === 'buy'
      ? buyPreview(amount.trim(), book.data?.asks ?? [])
      : sellPreview(amount.trim(), book.data?.bids ?? []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return setError('Enter an amount in rupees (at most 2 decimal places)');
    if (!preview) return setError('No price to convert at right now: try a larger amount or later');
    const coin = side === 'buy' ? inr : usdt;
    const need = side === 'buy' ? amount.trim() : preview.usdt;
    const total = addAmounts(coin.spot, coin.funding);
    if (compareAmounts(need, coin.spot) > 0 && compareAmounts(need, total) > 0)
      return setError(
        `Not enough ${side === 'buy' ? 'INR' : 'USDT'} in your Spot and Funding wallets`,
      );
    setError(undefined);
    try {
      if (compareAmounts(need, coin.spot) > 0)
        await transfer({
          from_wallet: 'funding',
          to_wallet: 'spot',
          token_id: coin.tokenId,
          amount: subtractAmounts(need, coin.spot),
        }).unwrap();
      const result = await order({
        symbol: SYMBOL,
        order_type: 'market',
        trade_type: side,
        volume: preview.usdt,
      }).unwrap();
      const o = result.data;
      toast.success(
        side === 'buy'
          ? `Bought ${o.filled_volume} USDT for ₹${groupThousands(roundAmount(o.amount, 2))}`
          : `Sold ${o.filled_volume} USDT for ₹${groupThousands(roundAmount(o.amount, 2))}`,
      );
      setAmount('');
    } catch (failure) {
      toastFailure(failure, FAILED, FAILED);
    }
  };

  const form = (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={side === 'buy' ? 'Buy USDT with INR' : 'Sell USDT for INR'}
    >
      <Field
        label={side === 'buy' ? 'Pay (INR)' : 'Receive about (INR)'}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={error}
      />
      <div className={styles.preview} aria-live="polite" data-testid="convert-preview">
        {preview ? (
          <>
            <span>
              {side === 'buy' ? 'You get about' : 'You sell'} <strong>{preview.usdt} USDT</strong>{' '}
              at ₹{groupThousands(preview.price)}
            </span>
            <span className={styles.note}>
              {side === 'buy'
                ? 'Market order, 0.1% fee in USDT; no TDS when you buy. Rupees not spent stay in Spot.'
                : `You receive about ₹${groupThousands(roundAmount(subtractAmounts(multiplyAmounts(preview.usdt, preview.price), preview.tds), 2))} after TDS of ₹${groupThousands(roundAmount(preview.tds, 2))} (1%, section 194S) and before the 0.1% fee.`}
            </span>
          </>
        ) : (
          <span className={styles.note}>
            {book.isError
              ? 'The USDT/INR price could not be loaded.'
              : 'Enter an amount to see the price.'}
          </span>
        )}
      </div>
      <Button type="submit" disabled={moving || ordering}>
        {side === 'buy' ? 'Buy USDT' : 'Sell USDT'}
      </Button>
    </form>
  );

  return (
    <section className={styles.convert} aria-labelledby="convert-title">
      <div className={styles.convertHead}>
        <h2 id="convert-title">USDT ⇄ INR</h2>
      </div>
      <Tabs
        label="Convert"
        value={side}
        onValueChange={(v) => {
          setSide(v);
          setError(undefined);
        }}
        items={[
          { value: 'buy', label: 'Buy USDT with INR', content: form },
          { value: 'sell', label: 'Sell USDT for INR', content: form },
        ]}
      />
    </section>
  );
}
