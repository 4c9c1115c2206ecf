import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import {
  useDisableTotpMutation,
  useGetSecurityQuery,
  useRenewRecoveryCodesMutation,
} from '../api/security-api';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';
import { SectionState } from './section-state';
import styles from './security-section.module.css';
import { TotpSetup } from './totp-setup';

type Open = 'setup' | 'disable' | 'renew' | null;

/** Authenticator app (TOTP): set up with a QR code, recovery codes, turn off with a code. */
export function AuthenticatorSection() {
  const status = useGetSecurityQuery(undefined);
  const [open, setOpen] = useState<Open>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disable, disabling] = useDisableTotpMutation();
  const [renew, renewing] = useRenewRecoveryCodesMutation();
  const close = () => setOpen(null);
  const showCodes = (recoveryCodes: string[]) => {
    setOpen(null);
    setCodes(recoveryCodes);
  };

  return (
    <section className={styles.card} aria-labelledby="authenticator-title">
      <div className={styles.head}>
        <h2 id="authenticator-title">Authenticator App</h2>
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

      <Dialog open={open === 'setup'} onOpenChange={close} title="Set Up Authenticator App">
        <TotpSetup onEnabled={showCodes} />
      </Dialog>
      <Dialog open={open === 'disable'} onOpenChange={close} title="Turn Off Authenticator App">
        <CodeForm
          submitLabel="Turn Off"
          busy={disabling.isLoading}
          onCode={async (code) => {
            const result = await disable({ code }).unwrap();
            toast.success(result.message);
            close();
          }}
        >
          <p>Enter a code from your app or a recovery code.</p>
        </CodeForm>
      </Dialog>
      <Dialog open={open === 'renew'} onOpenChange={close} title="New Recovery Codes">
        <CodeForm
          submitLabel="Make New Codes"
          busy={renewing.isLoading}
          onCode={async (code) => showCodes((await renew({ code }).unwrap()).data.recovery_codes)}
        >
          <p>Your current recovery codes stop working.</p>
        </CodeForm>
      </Dialog>
      <Dialog open={codes !== null} onOpenChange={() => setCodes(null)} title="Recovery Codes">
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      </Dialog>
    </section>
  );
}
