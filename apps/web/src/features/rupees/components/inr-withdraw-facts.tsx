import type { InrWithdrawLimits } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@/lib/format';
import styles from './rupees.module.css';

/** What the crypto withdraw dialog shows too (W4-15): the day's limit and what is left, the fee, when it is paid. */
export function InrWithdrawFacts({ limits }: { limits: InrWithdrawLimits | undefined }) {
  const { t } = useTranslation('rupees');
  return (
    <dl className={`${styles.facts} ${styles.smallFacts}`} data-testid="inr-withdraw-facts">
      <dt>{t('withdraw.dailyLimit')}</dt>
      <dd>
        {limits
          ? t('withdraw.leftToday', {
              limit: formatInr(limits.daily_limit),
              left: formatInr(limits.left),
            })
          : '…'}
      </dd>
      <dt>{t('withdraw.fee')}</dt>
      <dd>{limits ? formatInr(limits.fee) : '…'}</dd>
      <dt>{t('withdraw.payout')}</dt>
      <dd>{t('withdraw.payoutTime')}</dd>
    </dl>
  );
}
