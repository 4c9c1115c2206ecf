import { useTranslation } from 'react-i18next';
import styles from './notice.module.css';

/**
 * An admin paused the account's withdrawals while it is reviewed (anti-money-laundering): the
 * withdraw dialogs say so in neutral words, never why, instead of a form the server would refuse.
 */
export function WithdrawalPauseNotice() {
  const { t } = useTranslation();
  return (
    <p className={styles.notice} role="note">
      {t('ui.pause.withdrawals')}
    </p>
  );
}
