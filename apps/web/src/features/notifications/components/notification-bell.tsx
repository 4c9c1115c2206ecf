import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
} from '../api/notifications-api';
import { notificationText } from '../notification-text';
import { BellIcon } from './bell-icon';
import styles from './notification-bell.module.css';

/** The top bar's bell: the unread count, and on a click or Enter the latest notifications. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { data, isLoading, isError, refetch } = useGetNotificationsQuery(undefined);
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const unread = data?.unread ?? 0;

  // A click outside closes it, as focus leaving does.
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      ref={root}
      className={styles.root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) close();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.bell}
        aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon size={20} />
        {unread > 0 && (
          <span className={styles.badge} data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} className={styles.panel} aria-label={t('bell.title')}>
          <div className={styles.head}>
            <h2>{t('bell.title')}</h2>
            {unread > 0 && (
              <button
                type="button"
                className={styles.markRead}
                disabled={marking.isLoading}
                onClick={() => void markRead(undefined)}
              >
                {t('bell.markAllRead')}
              </button>
            )}
          </div>
          {isLoading ? (
            <Spinner label={t('bell.loading')} />
          ) : isError ? (
            <p className={styles.empty}>
              {t('bell.loadFailed')}{' '}
              <button type="button" className={styles.markRead} onClick={() => void refetch()}>
                {t('bell.tryAgain')}
              </button>
            </p>
          ) : !data || data.items.length === 0 ? (
            <p className={styles.empty}>{t('bell.empty')}</p>
          ) : (
            <ul className={styles.list} data-testid="notification-list">
              {data.items.map((n) => {
                const said = notificationText(n);
                return (
                  <li
                    key={n.id}
                    className={n.read ? styles.item : `${styles.item} ${styles.unread}`}
                  >
                    {n.link ? (
                      <Link to={n.link} className={styles.title} onClick={() => setOpen(false)}>
                        {said.title}
                      </Link>
                    ) : (
                      <strong className={styles.title}>{said.title}</strong>
                    )}
                    <span>{said.body}</span>
                    <time dateTime={n.created_at} className={styles.time}>
                      {formatDateTime(n.created_at)}
                    </time>
                    {!n.read && <span className="sr-only">{t('bell.unread')}</span>}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
