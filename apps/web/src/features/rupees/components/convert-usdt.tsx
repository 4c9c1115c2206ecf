import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Tabs } from '@/components/ui/tabs';
import { addAmounts, compareAmounts, multiplyAmounts, subtractAmounts } from '@/lib/amount';
import { toastFailure } from '@/lib/api-error';
import { formatInr, formatRate } from '@/lib/format';
import { useSubmissionKey } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { RichText } from '@/i18n/rich-text';
import {
  useConvertOrderMutation,
  useConvertTransferMutation,
  useGetConvertBookQuery,
  useGetTdsRateQuery,
} from '../api/rupees-api';
import { buyPreview, sellPreview } from '../convert-math';
import styles from './rupees.module.css';

type Side = 'buy' | 'sell';
const SYMBOL = 'USDTINR';

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
  const { t } = useTranslation('rupees');
  const [side, setSide] = useState<Side>('buy');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const book = useGetConvertBookQuery(SYMBOL, { pollingInterval: 5000 });
  const tds = useGetTdsRateQuery(undefined);
  const [transfer, { isLoading: moving }] = useConvertTransferMutation();
  const topUp = useSubmissionKey();
  const [order, { isLoading: ordering }] = useConvertOrderMutation();
  const valid = /^\d+(\.\d{1,2})?$/.test(amount.trim());
  const preview = !valid
    ? null
    : side === 'buy'
      ? buyPreview(amount.trim(), book.data?.asks ?? [])
      : sellPreview(amount.trim(), book.data?.bids ?? [], tds.data ?? null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return setError(t('convert.enterAmount'));
    if (!preview) return setError(t('convert.noPrice'));
    const coin = side === 'buy' ? inr : usdt;
    const need = side === 'buy' ? amount.trim() : preview.usdt;
    const total = addAmounts(coin.spot, coin.funding);
    if (compareAmounts(need, coin.spot) > 0 && compareAmounts(need, total) > 0)
      return setError(t('convert.notEnough', { coin: side === 'buy' ? 'INR' : 'USDT' }));
    setError(undefined);
    try {
      if (compareAmounts(need, coin.spot) > 0) {
        const body = {
          from_wallet: 'funding' as const,
          to_wallet: 'spot' as const,
          token_id: coin.tokenId,
          amount: subtractAmounts(need, coin.spot),
        };
        await transfer({ body, key: topUp.keyFor(body) }).unwrap();
        topUp.succeeded();
      }
      const result = await order({
        symbol: SYMBOL,
        order_type: 'market',
        trade_type: side,
        volume: preview.usdt,
      }).unwrap();
      const o = result.data;
      const done = { usdt: o.filled_volume, inr: formatInr(o.amount) };
      toast.success(side === 'buy' ? t('convert.bought', done) : t('convert.sold', done));
      setAmount('');
    } catch (failure) {
      const failed = t('convert.failed');
      toastFailure(failure, failed, failed);
    }
  };

  const form = (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={side === 'buy' ? t('convert.buyTab') : t('convert.sellTab')}
    >
      <Field
        label={side === 'buy' ? t('convert.pay') : t('convert.receiveAbout')}
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
              <RichText
                text={t(side === 'buy' ? 'convert.youGet' : 'convert.youSell', {
                  usdt: preview.usdt,
                  price: formatInr(preview.price),
                })}
                parts={{ strong: (c) => <strong>{c}</strong> }}
              />
            </span>
            <span className={styles.note}>
              {side === 'buy'
                ? t('convert.buyNote')
                : t('convert.sellNote', {
                    inr: formatInr(
                      subtractAmounts(multiplyAmounts(preview.usdt, preview.price), preview.tds),
                    ),
                    tds: formatInr(preview.tds),
                    rate: formatRate(tds.data?.rate ?? '0'),
                  })}
            </span>
          </>
        ) : (
          <span className={styles.note}>
            {book.isError || tds.isError ? t('convert.priceFailed') : t('convert.enterToSee')}
          </span>
        )}
      </div>
      <Button type="submit" disabled={moving || ordering}>
        {side === 'buy' ? t('convert.buy') : t('convert.sell')}
      </Button>
    </form>
  );

  return (
    <section className={styles.convert} aria-labelledby="convert-title">
      <div className={styles.convertHead}>
        <h2 id="convert-title">USDT ⇄ INR</h2>
      </div>
      <Tabs
        label={t('convert.label')}
        value={side}
        onValueChange={(v) => {
          setSide(v);
          setError(undefined);
        }}
        items={[
          { value: 'buy', label: t('convert.buyTab'), content: form },
          { value: 'sell', label: t('convert.sellTab'), content: form },
        ]}
      />
    </section>
  );
}
