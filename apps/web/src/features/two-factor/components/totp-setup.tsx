import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toastFailure } from '@/lib/api-error';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { toast } from '@/lib/toast';
import { PasskeyCancelled } from '@/lib/webauthn';
import { useEnableTotpMutation, useStartTotpSetupMutation } from '../api/security-api';
import { CodeForm } from './code-form';
import styles from './security-section.module.css';

interface TotpSetupProps {
  onEnabled: (recoveryCodes: string[]) => void;
  /** The account has passkeys: one of them confirms the setup before the secret is made. */
  askPasskey: boolean;
}

/**
 * Setting up the authenticator app: scan (or type) the secret, then confirm with its code. An
 * account with passkeys confirms the start with one: a session alone adds no factor.
 */
export function TotpSetup({ onEnabled, askPasskey }: TotpSetupProps) {
  const { t } = useTranslation('security');
  const [start, setup] = useStartTotpSetupMutation();
  const [enable, { isLoading }] = useEnableTotpMutation();
  const stepUp = usePasskeyStepUp();
  const [confirmed, setConfirmed] = useState(!askPasskey);
  useEffect(() => {
    if (!askPasskey) void start({});
  }, [start, askPasskey]);

  const confirmWithPasskey = async () => {
    try {
      const passkey_response = await stepUp.confirm();
      await start({ passkey_response }).unwrap();
      setConfirmed(true);
    } catch (error) {
      if (error instanceof PasskeyCancelled) toast.error(error.message);
      else toastFailure(error, t('totp.startFailed'));
    }
  };

  if (!confirmed)
    return (
      <div className={styles.form}>
        <p>{t('totp.confirmFirst')}</p>
        <Button
          block
          busy={stepUp.busy || setup.isLoading}
          onClick={() => void confirmWithPasskey()}
        >
          {t('totp.confirmWithPasskey')}
        </Button>
      </div>
    );
  if (setup.isError) {
    return (
      <div className={styles.form}>
        <p role="alert">{t('totp.startFailed')}</p>
        <Button variant="secondary" onClick={() => void start({})}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  if (!setup.data) return <Spinner label={t('totp.preparing')} />;
  const { secret, otpauth_uri } = setup.data.data;
  return (
    <CodeForm
      submitLabel={t('totp.turnOn')}
      busy={isLoading}
      onCode={async (code) => onEnabled((await enable({ code }).unwrap()).data.recovery_codes)}
    >
      <p>{t('totp.scan')}</p>
      <div className={styles.qr}>
        <QRCodeSVG value={otpauth_uri} size={180} marginSize={2} title={t('totp.qr')} />
      </div>
      <p className={styles.muted}>{t('totp.setupKey')}</p>
      <code className={styles.secret} data-testid="totp-secret">
        {secret}
      </code>
      <p>{t('totp.thenEnter')}</p>
    </CodeForm>
  );
}
