import type { ActiveSession } from '@exchange/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useFocusRescue } from '@/lib/use-focus-rescue';
import {
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useGetSessionsQuery,
} from '../api/sessions-api';
import styles from './sessions.module.css';

/**
 * Active Sessions: every signed-in browser or app of the account with its device, address and
 * last use; any but this one can be logged out, one by one or all at once.
 */
export function SessionsSection() {
  const { t } = useTranslation('sessions');
  const sessions = useGetSessionsQuery(undefined);
  const [endOthers, ending] = useEndOtherSessionsMutation();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  // A session logged out takes its Log Out button along: focus goes to the heading.
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusRescue(section, () => heading.current);

  const logOutOthers = async () => {
    try {
      const { data } = await endOthers(undefined).unwrap();
      toast.success(t('othersLoggedOut', { count: data.ended }));
    } catch (error) {
      toastFailure(error, t('othersFailed'));
    }
  };

  return (
    <section ref={section} className={styles.card} aria-labelledby="sessions-title">
      <div className={styles.head}>
        <h2 id="sessions-title" ref={heading} tabIndex={-1}>
          {t('title')}
        </h2>
        {others > 0 && (
          <Button variant="secondary" busy={ending.isLoading} onClick={() => void logOutOthers()}>
            {t('logOutOthers')}
          </Button>
        )}
      </div>
      <p className={styles.muted}>{t('intro')}</p>
      {sessions.isLoading ? (
        <Spinner label={t('loading')} />
      ) : sessions.isError || !sessions.data ? (
        <div className={styles.state} role="alert">
          <p>{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void sessions.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : sessions.data.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('listLabel')}>
          {sessions.data.map((s) => (
            <SessionItem key={s._id} session={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionItem({ session }: { session: ActiveSession }) {
  const { t } = useTranslation('sessions');
  const [endSession, ending] = useEndSessionMutation();
  const logOut = async () => {
    try {
      await endSession(session._id).unwrap();
      toast.success(t('loggedOut'));
    } catch (error) {
      toastFailure(error, t('logOutFailed'));
    }
  };
  return (
    <li className={styles.item}>
      <div className={styles.text}>
        <p className={styles.name}>
          {session.device}{' '}
          {session.current && <StatusBadge tone="success">{t('thisDevice')}</StatusBadge>}
        </p>
        <p className={styles.muted}>
          {t('details', {
            address: session.ip ?? t('unknownAddress'),
            signedIn: formatDateTime(session.created_at),
            lastSeen: formatDateTime(session.last_seen_at),
          })}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          busy={ending.isLoading}
          aria-label={t('logOutLabel', {
            device: session.device,
            address: session.ip ?? t('unknownAddressLower'),
            signedIn: formatDateTime(session.created_at),
          })}
          onClick={() => void logOut()}
        >
          {t('logOut')}
        </Button>
      )}
    </li>
  );
}
