import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useEnableTotpMutation, useStartTotpSetupMutation } from '../api/security-api';
import { CodeForm } from './code-form';
import styles from './security-section.module.css';

/** Setting up the authenticator app: scan (or type) the secret, then confirm with its code. */
export function TotpSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const [start, setup] = useStartTotpSetupMutation();
  const [enable, { isLoading }] = useEnableTotpMutation();
  useEffect(() => {
    void start(undefined);
  }, [start]);

  if (setup.isError) {
    return (
      <div className={styles.form}>
        <p role="alert">The setup could not be started.</p>
        <Button variant="secondary" onClick={() => void start(undefined)}>
          Try again
        </Button>
      </div>
    );
  }
  if (!setup.data) return <Spinner label="Preparing setup" />;
  const { secret, otpauth_uri } = setup.data.data;
  return (
    <CodeForm
      submitLabel="Turn On"
      busy={isLoading}
      onCode={async (code) => onEnabled((await enable({ code }).unwrap()).data.recovery_codes)}
    >
      <p>Scan this QR code with your authenticator app, or type the key into it.</p>
      <div className={styles.qr}>
        <QRCodeSVG value={otpauth_uri} size={180} marginSize={2} title="Authenticator QR code" />
      </div>
      <p className={styles.muted}>Setup key</p>
      <code className={styles.secret} data-testid="totp-secret">
        {secret}
      </code>
      <p>Then enter the 6-digit code the app shows.</p>
    </CodeForm>
  );
}
