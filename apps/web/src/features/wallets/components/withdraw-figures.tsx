import type { WithdrawLimits } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { compareAmounts, groupThousands, subtractAmounts } from '@/lib/amount';
import styles from './wallet-dialogs.module.css';

interface WithdrawFiguresProps {
  coin: string;
  available: string;
  /** The amount as the form would send it ('0' while it is not a valid amount). */
  amount: string;
  /** The chosen network's fee and minimum; null before a network is chosen. */
  fee: string | null;
  minimum: string | null;
  /** The daily limit left; undefined while loading, null when it could not be loaded. */
  limits: WithdrawLimits | null | undefined;
}

/** What the address receives: the amount less the fee, never below 0. */
export const receivedOf = (amount: string, fee: string) =>
  compareAmounts(amount, fee) > 0 ? subtractAmounts(amount, fee) : '0';

/**
 * The withdraw form's figures, shown before submitting: Available, the network's fee and minimum,
 * "You will receive", the daily limit left (in USDT, by identity level), and the funding wallet
 * after the withdrawal (or Insufficient balance).
 */
export function WithdrawFigures({
  coin,
  available,
  amount,
  fee,
  minimum,
  limits,
}: WithdrawFiguresProps) {
  const { t } = useTranslation('withdraw-controls');
  const remaining = subtractAmounts(available, amount);
  const insufficient = remaining.startsWith('-');
  const of = (value: string) => `${groupThousands(value)} ${coin}`;
  return (
    <dl className={styles.figures}>
      <div>
        <dt>{t('figures.available')}</dt>
        <dd>{of(available)}</dd>
      </div>
      {fee !== null && (
        <div>
          <dt>{t('figures.fee')}</dt>
          <dd>{of(fee)}</dd>
        </div>
      )}
      {minimum !== null && compareAmounts(minimum, '0') > 0 && (
        <div>
          <dt>{t('figures.minimum')}</dt>
          <dd>{of(minimum)}</dd>
        </div>
      )}
      {fee !== null && (
        <div className={styles.receive}>
          <dt>{t('figures.receive')}</dt>
          <dd>{of(receivedOf(amount, fee))}</dd>
        </div>
      )}
      <div>
        <dt>{t('figures.limitLeft')}</dt>
        <dd>
          {limits === undefined
            ? t('figures.loading')
            : limits === null
              ? t('figures.unavailable')
              : t('figures.limitValue', {
                  left: groupThousands(limits.left_usdt),
                  limit: groupThousands(limits.daily_limit_usdt),
                })}
        </dd>
      </div>
      <div>
        {insufficient ? (
          <dt className={styles.warn}>{t('figures.insufficient')}</dt>
        ) : (
          <>
            <dt>{t('figures.remaining')}</dt>
            <dd>{of(remaining)}</dd>
          </>
        )}
      </div>
    </dl>
  );
}
