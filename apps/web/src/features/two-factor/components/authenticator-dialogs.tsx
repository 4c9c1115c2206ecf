import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useDisableTotpMutation, useRenewRecoveryCodesMutation } from '../api/security-api';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';

export type AuthenticatorDialog = 'setup' | 'disable' | 'renew' | null;

interface AuthenticatorDialogsProps {
  open: AuthenticatorDialog;
  onClose: () => void;
  /** Where focus goes when what opened a dialog is gone (the setup dialog, for the codes). */
  returnFocus: RefObject<HTMLElement | null>;
  /** The account has usable passkeys: one confirms the setup. */
  hasPasskeys: boolean;
}

/**
 * The Authenticator App section's dialogs: set up (QR code), turn off, new recovery codes, and the
 * codes once made. Loaded when one first opens (see AuthenticatorSection).
 */
export function AuthenticatorDialogs(props: AuthenticatorDialogsProps) {
  const { open, onClose, returnFocus, hasPasskeys } = props;
  const { t } = useTranslation('security');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disable, disabling] = useDisableTotpMutation();
  const [renew, renewing] = useRenewRecoveryCodesMutation();
  const showCodes = (recoveryCodes: string[]) => {
    onClose();
    setCodes(recoveryCodes);
  };

  return (
    <>
      <Dialog
        open={open === 'setup'}
        onOpenChange={onClose}
        title={t('totp.setUp')}
        returnFocus={returnFocus}
      >
        <TotpSetup onEnabled={showCodes} askPasskey={hasPasskeys} />
      </Dialog>
      <Dialog
        open={open === 'disable'}
        onOpenChange={onClose}
        title={t('totp.turnOffTitle')}
        returnFocus={returnFocus}
      >
        <CodeForm
          submitLabel={t('totp.turnOff')}
          busy={disabling.isLoading}
          onCode={async (code) => {
            const result = await disable({ code }).unwrap();
            toast.success(result.message);
            onClose();
          }}
        >
          <p>{t('totp.enterCodeOrRecovery')}</p>
        </CodeForm>
      </Dialog>
      <Dialog
        open={open === 'renew'}
        onOpenChange={onClose}
        title={t('totp.newCodes')}
        returnFocus={returnFocus}
      >
        <CodeForm
          submitLabel={t('totp.makeNewCodes')}
          busy={renewing.isLoading}
          onCode={async (code) => showCodes((await renew({ code }).unwrap()).data.recovery_codes)}
        >
          <p>{t('totp.currentStop')}</p>
        </CodeForm>
      </Dialog>
      <Dialog
        open={codes !== null}
        onOpenChange={() => setCodes(null)}
        title={t('codes.title')}
        returnFocus={returnFocus}
      >
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      </Dialog>
    </>
  );
}
