import { lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('security');
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
          {t('totp.title')}
        </h2>
        {status.data && (
          <span className={status.data.totp_enabled ? styles.on : styles.off}>
            {status.data.totp_enabled ? t('on') : t('off')}
          </span>
        )}
      </div>
      <p className={styles.muted}>{t('totp.intro')}</p>
      {!status.data ? (
        <SectionState isError={status.isError} retry={() => void status.refetch()} />
      ) : status.data.totp_enabled ? (
        <>
          <p className={styles.muted}>
            {t('totp.codesLeft', { count: status.data.recovery_codes_left })}
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setOpen('renew')}>
              {t('totp.newCodes')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen('disable')}>
              {t('totp.turnOff')}
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button onClick={() => setOpen('setup')}>{t('totp.setUp')}</Button>
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
