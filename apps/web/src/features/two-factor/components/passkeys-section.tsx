import type { Passkey } from '@exchange/contracts';
import { lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogLoader } from '@/components/ui/dialog-loader';
import { formatDateTime } from '@/lib/format';
import { useFocusRescue } from '@/lib/use-focus-rescue';
import { useGetSecurityQuery } from '../api/security-api';
import { SectionState } from './section-state';
import styles from './security-section.module.css';

// The dialogs (name and code forms, the browser's passkey calls) load when one first opens.
const PasskeyDialogs = lazy(() =>
  import('./passkey-dialogs').then((m) => ({ default: m.PasskeyDialogs })),
);

/** Passkeys: named, listed, removable; each signs in alone with "Log In with Passkey". */
export function PasskeysSection() {
  const { t } = useTranslation('security');
  const status = useGetSecurityQuery(undefined);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [confirming, setConfirming] = useState<Passkey | null>(null);
  const totpOn = status.data?.totp_enabled ?? false;
  // A removed passkey takes its Remove button along: focus goes to the heading, not the body.
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusRescue(section, () => heading.current);

  return (
    <section ref={section} className={styles.card} aria-labelledby="passkeys-title">
      <div className={styles.head}>
        <h2 id="passkeys-title" ref={heading} tabIndex={-1}>
          {t('passkeys.title')}
        </h2>
        {status.data && <Button onClick={() => setAdding(true)}>{t('passkeys.add')}</Button>}
      </div>
      <p className={styles.muted}>{t('passkeys.intro')}</p>
      {!status.data ? (
        <SectionState isError={status.isError} retry={() => void status.refetch()} />
      ) : status.data.passkeys.length === 0 ? (
        <p className={styles.muted}>{t('passkeys.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('passkeys.yours')}>
          {status.data.passkeys.map((p) => (
            <li key={p.id} className={styles.item}>
              <div>
                <p className={styles.name}>{p.name}</p>
                <p className={styles.muted}>
                  {t('passkeys.added', { time: formatDateTime(p.created_at) })}
                  {p.last_used_at
                    ? ` · ${t('passkeys.lastUsed', { time: formatDateTime(p.last_used_at) })}`
                    : ''}
                </p>
                {p.suspended && <p className={styles.warning}>{t('passkeys.suspended')}</p>}
              </div>
              <div className={styles.actions}>
                {p.suspended && (
                  <Button
                    aria-label={t('passkeys.confirmLabel', { name: p.name })}
                    onClick={() => setConfirming(p)}
                  >
                    {t('passkeys.confirm')}
                  </Button>
                )}
                <Button
                  variant="secondary"
                  aria-label={t('passkeys.removeLabel', { name: p.name })}
                  onClick={() => setRemoving(p)}
                >
                  {t('passkeys.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <DialogLoader open={adding || removing !== null || confirming !== null}>
        <PasskeyDialogs
          adding={adding}
          removing={removing}
          confirming={confirming}
          totpOn={totpOn}
          hasPasskeys={status.data?.passkeys.some((p) => !p.suspended) ?? false}
          onClose={() => {
            setAdding(false);
            setRemoving(null);
            setConfirming(null);
          }}
        />
      </DialogLoader>
    </section>
  );
}
