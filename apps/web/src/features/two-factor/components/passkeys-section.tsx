import type { Passkey } from '@exchange/contracts';
import { lazy, useRef, useState } from 'react';
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
          Passkeys
        </h2>
        {status.data && <Button onClick={() => setAdding(true)}>Add Passkey</Button>}
      </div>
      <p className={styles.muted}>
        Log in with your fingerprint, face or screen lock instead of a password and a code.
      </p>
      {!status.data ? (
        <SectionState isError={status.isError} retry={() => void status.refetch()} />
      ) : status.data.passkeys.length === 0 ? (
        <p className={styles.muted}>No passkeys yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Your passkeys">
          {status.data.passkeys.map((p) => (
            <li key={p.id} className={styles.item}>
              <div>
                <p className={styles.name}>{p.name}</p>
                <p className={styles.muted}>
                  Added {formatDateTime(p.created_at)}
                  {p.last_used_at ? ` · last used ${formatDateTime(p.last_used_at)}` : ''}
                </p>
                {p.suspended && (
                  <p className={styles.warning}>
                    Suspended after your password reset: it cannot sign in until you confirm it.
                  </p>
                )}
              </div>
              <div className={styles.actions}>
                {p.suspended && (
                  <Button aria-label={`Confirm ${p.name}`} onClick={() => setConfirming(p)}>
                    Confirm
                  </Button>
                )}
                <Button
                  variant="secondary"
                  aria-label={`Remove ${p.name}`}
                  onClick={() => setRemoving(p)}
                >
                  Remove
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
