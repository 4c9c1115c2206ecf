import { lazy, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogLoader } from '@/components/ui/dialog-loader';
import { useFocusRescue } from '@/lib/use-focus-rescue';
import { useGetSecurityQuery } from '../api/security-api';
import type { AuthenticatorDialog } from './authenticator-dialogs';
import { SectionState } from './section-state';
import styles from './security-section.module.css';

// The dialogs (QR code, code forms) load when one first opens: most visits open none.
const AuthenticatorDialogs = lazy(() =>
  import('./authenticator-dialogs').then((m) => ({ default: m.AuthenticatorDialogs })),
);

/** Authenticator app (TOTP): set up with a QR code, recovery codes, turn off with a code. */
export function AuthenticatorSection() {
  const status = useGetSecurityQuery(undefined);
  const [open, setOpen] = useState<AuthenticatorDialog>(null);
  // Turning the app on or off replaces the buttons: focus goes to the heading, not the body.
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusRescue(section, () => heading.current);

  return (
    <section ref={section} className={styles.card} aria-labelledby="authenticator-title">
      <div className={styles.head}>
        <h2 id="authenticator-title" ref={heading} tabIndex={-1}>
          Authenticator App
        </h2>
        {status.data && (
          <span className={status.data.totp_enabled ? styles.on : styles.off}>
            {status.data.totp_enabled ? 'On' : 'Off'}
          </span>
        )}
      </div>
      <p className={styles.muted}>
        A code from an app such as Google Authenticator, asked at login, for every withdrawal and
        for changes on this page.
      </p>
      {!status.data ? (
        <SectionState isError={status.isError} retry={() => void status.refetch()} />
      ) : status.data.totp_enabled ? (
        <>
          <p className={styles.muted}>Recovery codes left: {status.data.recovery_codes_left}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setOpen('renew')}>
              New Recovery Codes
            </Button>
            <Button variant="secondary" onClick={() => setOpen('disable')}>
              Turn Off
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button onClick={() => setOpen('setup')}>Set Up Authenticator App</Button>
        </div>
      )}

      <DialogLoader open={open !== null}>
        <AuthenticatorDialogs
          open={open}
          onClose={() => setOpen(null)}
          returnFocus={heading}
          hasPasskeys={status.data?.passkeys.some((p) => !p.suspended) ?? false}
        />
      </DialogLoader>
    </section>
  );
}
