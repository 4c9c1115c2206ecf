import type { ActiveSession } from '@exchange/contracts';
import { useRef } from 'react';
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
      toast.success(`${data.ended} other session${data.ended === 1 ? '' : 's'} logged out`);
    } catch (error) {
      toastFailure(error, 'Could not log out the other sessions');
    }
  };

  return (
    <section ref={section} className={styles.card} aria-labelledby="sessions-title">
      <div className={styles.head}>
        <h2 id="sessions-title" ref={heading} tabIndex={-1}>
          Active Sessions
        </h2>
        {others > 0 && (
          <Button variant="secondary" busy={ending.isLoading} onClick={() => void logOutOthers()}>
            Log Out Everywhere Else
          </Button>
        )}
      </div>
      <p className={styles.muted}>
        Where your account is signed in. Log out any session you do not recognise, then change your
        password.
      </p>
      {sessions.isLoading ? (
        <Spinner label="Loading sessions" />
      ) : sessions.isError || !sessions.data ? (
        <div className={styles.state} role="alert">
          <p>Could not load your sessions.</p>
          <Button variant="secondary" onClick={() => void sessions.refetch()}>
            Try Again
          </Button>
        </div>
      ) : sessions.data.length === 0 ? (
        <p className={styles.muted}>No active sessions.</p>
      ) : (
        <ul className={styles.list} aria-label="Active sessions">
          {sessions.data.map((s) => (
            <SessionItem key={s._id} session={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionItem({ session }: { session: ActiveSession }) {
  const [endSession, ending] = useEndSessionMutation();
  const logOut = async () => {
    try {
      await endSession(session._id).unwrap();
      toast.success('Session logged out');
    } catch (error) {
      toastFailure(error, 'Could not log out the session');
    }
  };
  return (
    <li className={styles.item}>
      <div className={styles.text}>
        <p className={styles.name}>
          {session.device}{' '}
          {session.current && <StatusBadge tone="success">This device</StatusBadge>}
        </p>
        <p className={styles.muted}>
          {session.ip ?? 'Unknown address'} · signed in {formatDateTime(session.created_at)} · last
          seen {formatDateTime(session.last_seen_at)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          busy={ending.isLoading}
          aria-label={`Log out ${session.device}, ${session.ip ?? 'unknown address'}, signed in ${formatDateTime(session.created_at)}`}
          onClick={() => void logOut()}
        >
          Log Out
        </Button>
      )}
    </li>
  );
}
