import { passkeyNameFormSchema, type Passkey } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toastFailure } from '@/lib/api-error';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';
import { toast } from '@/lib/toast';
import { createPasskey, PasskeyCancelled } from '@/lib/webauthn';
import { useZodForm } from '@/lib/use-zod-form';
import {
  useConfirmPasskeyMutation,
  usePasskeyOptionsMutation,
  useRegisterPasskeyMutation,
  useRemovePasskeyMutation,
} from '../api/security-api';
import { CodeForm } from './code-form';
import styles from './security-section.module.css';

interface PasskeyDialogsProps {
  adding: boolean;
  removing: Passkey | null;
  /** A passkey a password reset suspended, to keep. */
  confirming: Passkey | null;
  totpOn: boolean;
  /** The account has passkeys that are not suspended: one confirms a change without the app. */
  hasPasskeys: boolean;
  onClose: () => void;
}

/** The Passkeys section's dialogs, add, remove and confirm; loaded when one first opens. */
export function PasskeyDialogs(props: PasskeyDialogsProps) {
  const { adding, removing, confirming, totpOn, hasPasskeys, onClose } = props;
  const { t } = useTranslation('security');
  return (
    <>
      <Dialog open={adding} onOpenChange={onClose} title={t('passkeys.add')}>
        <AddPasskey totpOn={totpOn} hasPasskeys={hasPasskeys} onDone={onClose} />
      </Dialog>
      <Dialog open={removing !== null} onOpenChange={onClose} title={t('passkeys.removeTitle')}>
        {removing && (
          <StepUpChange
            action="remove"
            passkey={removing}
            totpOn={totpOn}
            hasPasskeys={hasPasskeys}
            onDone={onClose}
          />
        )}
      </Dialog>
      <Dialog open={confirming !== null} onOpenChange={onClose} title={t('passkeys.confirmTitle')}>
        {confirming && (
          <StepUpChange
            action="confirm"
            passkey={confirming}
            totpOn={totpOn}
            hasPasskeys={hasPasskeys}
            onDone={onClose}
          />
        )}
      </Dialog>
    </>
  );
}

/** Names the passkey, then the browser makes it; with the app on, its code confirms the change. */
function AddPasskey(props: { totpOn: boolean; hasPasskeys: boolean; onDone: () => void }) {
  const { totpOn, hasPasskeys, onDone } = props;
  const { t } = useTranslation('security');
  const stepUp = usePasskeyStepUp();
  const [getOptions, options] = usePasskeyOptionsMutation();
  const [registerPasskey, registering] = useRegisterPasskeyMutation();
  const [name, setName] = useState<string | null>(null);
  const busy = options.isLoading || registering.isLoading || stepUp.busy;

  const create = async (passkeyName: string, code?: string) => {
    try {
      // Without the app, one of the account's passkeys confirms the change.
      const passkey_response = !totpOn && hasPasskeys ? await stepUp.confirm() : undefined;
      const challenge = await getOptions(undefined).unwrap();
      const response = await createPasskey(challenge.data);
      const result = await registerPasskey({
        name: passkeyName,
        response: response as unknown as Record<string, unknown>,
        ...(code ? { two_factor_code: code } : {}),
        ...(passkey_response ? { passkey_response } : {}),
      }).unwrap();
      toast.success(result.message);
      onDone();
    } catch (error) {
      // The code form shows a refused code under its field.
      if (code && !(error instanceof PasskeyCancelled)) throw error;
      if (error instanceof PasskeyCancelled) toast.error(error.message);
      else toastFailure(error, t('passkeys.addFailed'));
    }
  };

  if (name !== null)
    return (
      <CodeForm
        submitLabel={t('passkeys.create')}
        busy={busy}
        onCode={(code) => create(name, code)}
      >
        <p>{t('passkeys.codeToAdd', { name })}</p>
      </CodeForm>
    );
  return (
    <NameForm
      busy={busy}
      onName={(passkeyName) => (totpOn ? setName(passkeyName) : create(passkeyName))}
    />
  );
}

function NameForm({ busy, onName }: { busy: boolean; onName: (name: string) => unknown }) {
  const { t } = useTranslation('security');
  const { register, handleSubmit, formState } = useZodForm(passkeyNameFormSchema, {
    defaultValues: { name: '' },
  });
  return (
    <form className={styles.form} onSubmit={handleSubmit(({ name }) => onName(name))} noValidate>
      <Field
        label={t('passkeys.name')}
        placeholder={t('passkeys.namePlaceholder')}
        autoFocus
        maxLength={60}
        error={formState.errors.name?.message}
        {...register('name')}
      />
      <Button type="submit" block busy={busy} disabled={busy}>
        {t('passkeys.continue')}
      </Button>
    </form>
  );
}

/** Each change's button and question, keys in the `security` catalog. */
const CHANGES = {
  remove: { label: 'passkeys.remove', question: 'passkeys.removeQuestion' },
  confirm: { label: 'passkeys.confirm', question: 'passkeys.keepQuestion' },
} as const;

/**
 * Removing a passkey, or keeping one a password reset suspended: with the app on, its code
 * confirms the change; without it, another passkey (if the account has one) does.
 */
function StepUpChange(props: {
  action: keyof typeof CHANGES;
  passkey: Passkey;
  totpOn: boolean;
  hasPasskeys: boolean;
  onDone: () => void;
}) {
  const { action, passkey, totpOn, hasPasskeys, onDone } = props;
  const { t } = useTranslation('security');
  const [remove, removing] = useRemovePasskeyMutation();
  const [confirm, confirming] = useConfirmPasskeyMutation();
  const isLoading = removing.isLoading || confirming.isLoading;
  const stepUp = usePasskeyStepUp();
  const change = CHANGES[action];
  const run = async (code?: string) => {
    const passkey_response = !code && hasPasskeys ? await stepUp.confirm() : undefined;
    const body = {
      id: passkey.id,
      ...(code ? { two_factor_code: code } : {}),
      ...(passkey_response ? { passkey_response } : {}),
    };
    const result = await (action === 'remove' ? remove(body) : confirm(body));
    if ('error' in result) throw result.error;
    toast.success(result.data.message);
    onDone();
  };
  if (totpOn)
    return (
      <CodeForm submitLabel={t(change.label)} busy={isLoading} onCode={run}>
        <p>{t(change.question, { name: passkey.name })}</p>
        <p>{t('passkeys.enterAppCode')}</p>
      </CodeForm>
    );
  return (
    <div className={styles.form}>
      <p>
        {t(change.question, { name: passkey.name })}
        {hasPasskeys ? ` ${t('passkeys.confirmWithPasskey')}` : ''}
      </p>
      <Button
        block
        busy={isLoading || stepUp.busy}
        disabled={isLoading || stepUp.busy}
        onClick={() =>
          run().catch((error: unknown) =>
            error instanceof PasskeyCancelled
              ? toast.error(error.message)
              : toastFailure(error, t('common:somethingWentWrong')),
          )
        }
      >
        {t(change.label)}
      </Button>
    </div>
  );
}
