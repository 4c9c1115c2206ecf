import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { railName } from '@/config/networks';
import { groupThousands } from '@/lib/amount';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useConfirmByLinkMutation, useGetConfirmLinkQuery } from '../api/withdraw-controls';
import styles from './address-book.module.css';

/**
 * The page a withdrawal mail's confirm link opens (walk-4 W4-4): what the link would confirm, and
 * a button that confirms it. Opening the page changes nothing (mail scanners open links); the
 * button spends the single-use link and the withdrawal goes to review. Works signed in or out.
 */
export function ConfirmLinkPanel({ token }: { token: string }) {
  const { t } = useTranslation('withdraw-controls');
  const link = useGetConfirmLinkQuery(token, { skip: !token });
  const [confirm, confirming] = useConfirmByLinkMutation();
  const done = confirming.data?.data;
  const record = done ?? link.data?.data;

  const onConfirm = async () => {
    try {
      await confirm(token).unwrap();
    } catch (error) {
      toastFailure(error, t('confirmLink.failed'), t('confirmLink.failed'));
    }
  };

  if (token && link.isLoading) return <Spinner label={t('confirmLink.loading')} />;
  if (!record)
    return (
      <p className={styles.muted} role="alert">
        {t('confirmLink.invalid')}
      </p>
    );
  return (
    <section className={styles.card} aria-labelledby="confirm-link-title">
      <h2 id="confirm-link-title">{done ? t('confirmLink.doneTitle') : t('confirmLink.title')}</h2>
      <dl className={styles.entry}>
        <dt className={styles.muted}>{t('link.amount')}</dt>
        <dd>
          {groupThousands(record.amount)} {record.token.symbol} · {railName(record.network)}
        </dd>
        <dt className={styles.muted}>{t('link.address')}</dt>
        <dd className={styles.address}>{record.address}</dd>
        <dt className={styles.muted}>{t('link.requested')}</dt>
        <dd>{formatDateTime(record.created_at)}</dd>
      </dl>
      {done ? (
        <p role="status">{t('confirmLink.done')}</p>
      ) : (
        <>
          <p>{t('confirmLink.explain')}</p>
          <p className={styles.muted}>{t('confirmLink.notYours')}</p>
          <Button
            busy={confirming.isLoading}
            disabled={confirming.isLoading}
            onClick={() => void onConfirm()}
          >
            {t('confirmLink.confirm')}
          </Button>
        </>
      )}
    </section>
  );
}
