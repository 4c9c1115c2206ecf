import { useTranslation } from 'react-i18next';
import { floorAmount } from '@/lib/amount';
import styles from './wallet-dialogs.module.css';

/** Spec section 9: Max fills the whole available amount to 8 decimals. */
const MAX_DECIMALS = 8;

/** The whole free balance, cut to 8 decimals or the coin's own precision if that is finer. */
export const maxOf = (available: string, decimals: number) =>
  floorAmount(available, Math.min(MAX_DECIMALS, decimals));

/** The Max button inside an Amount field (Transfer, Withdraw). */
export function MaxButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('wallets');
  return (
    <button type="button" className={styles.max} onClick={onClick}>
      {t('max')}
    </button>
  );
}
