import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { railName } from '@/config/networks';
import { groupThousands } from '@/lib/amount';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useCancelByLinkMutation, useGetCancelLinkQuery } from '../api/withdraw-controls';
import styles from './address-book.module.css';

/**
 * The page a withdrawal mail's cancel link opens: what the link would cancel, and a button that
 * cancels it. Opening the page changes nothing (mail scanners open links); the button spends the
 * single-use link. Works signed in or out.
 */
export function CancelLinkPanel({ token }: { token: string }) {
  const { t } = useTranslation('withdraw-controls');
  const link = useGetCancelLinkQuery(token, { skip: !token });
  const [cancel, cancelling] = useCancelByLinkMutation();
  const done = cancelling.data?.data;
  const record = done ?? link.data?.data;

  const onCancel = async () => {
    try {
      await cancel(token).unwrap();
    } catch (error) {
      toastFailure(error, t('link.failed'), t('link.failed'));
    }
  };

  if (token && link.isLoading) return <Spinner label={t('link.loading')} />;
  if (!record)
    return (
      <p className={styles.muted} role="alert">
        {t('link.invalid')}
      </p>
    );
  return (
    <section className={styles.card} aria-labelledby="cancel-link-title">
      <h2 id="cancel-link-title">{done ? t('link.doneTitle') : t('link.title')}</h2>
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
        <p role="status">{t('link.done')}</p>
      ) : record.status !== 'pending' && record.status !== 'awaiting_email_confirmation' ? (
        <p role="status">{t('link.notPending')}</p>
      ) : (
        <>
          <p>{t('link.explain')}</p>
          <Button
            busy={cancelling.isLoading}
            disabled={cancelling.isLoading}
            onClick={() => void onCancel()}
          >
            {t('link.confirm')}
          </Button>
        </>
      )}
    </section>
  );
}
