import type { WithdrawalRecordDto } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { railName } from '@/config/networks';
import { groupThousands } from '@/lib/amount';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import styles from './address-book.module.css';

type Answer = { data?: { data: WithdrawalRecordDto }; isLoading: boolean };

interface MailLinkPanelProps {
  token: string;
  /** The texts' key in `withdraw-controls`: the cancel link's (`link`) or the confirm link's. */
  texts: 'link' | 'confirmLink';
  /** What the link would act on (GET: opening the page changes nothing, mail scanners open links). */
  shown: Answer;
  /** The action's state, and the action itself: it spends the single-use link. */
  acted: Answer;
  act: (token: string) => { unwrap(): Promise<unknown> };
  /** The withdrawal can still take the action; otherwise the link's `notPending` text shows. */
  actionable: (record: WithdrawalRecordDto) => boolean;
  /** A caution under the explanation, if any. */
  caution?: string;
}

/**
 * The page a withdrawal mail's link opens (cancel, or confirm: walk-4 W4-4): the withdrawal it
 * names, and a button that spends the link. Works signed in or out.
 */
export function MailLinkPanel({
  token,
  texts,
  shown,
  acted,
  act,
  actionable,
  caution,
}: MailLinkPanelProps) {
  const { t } = useTranslation('withdraw-controls');
  const done = acted.data?.data;
  const record = done ?? shown.data?.data;

  const onAct = async () => {
    try {
      await act(token).unwrap();
    } catch (error) {
      toastFailure(error, t(`${texts}.failed`), t(`${texts}.failed`));
    }
  };

  if (token && shown.isLoading) return <Spinner label={t(`${texts}.loading`)} />;
  if (!record)
    return (
      <p className={styles.muted} role="alert">
        {t(`${texts}.invalid`)}
      </p>
    );
  const titleId = `${texts}-title`;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId}>{done ? t(`${texts}.doneTitle`) : t(`${texts}.title`)}</h2>
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
        <p role="status">{t(`${texts}.done`)}</p>
      ) : !actionable(record) ? (
        <p role="status">{t('link.notPending')}</p>
      ) : (
        <>
          <p>{t(`${texts}.explain`)}</p>
          {caution && <p className={styles.muted}>{caution}</p>}
          <Button busy={acted.isLoading} disabled={acted.isLoading} onClick={() => void onAct()}>
            {t(`${texts}.confirm`)}
          </Button>
        </>
      )}
    </section>
  );
}
