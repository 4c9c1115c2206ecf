import { withdrawalFeeSchema, type AdminToken, type Network } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { NETWORK_LABELS } from '@/config/networks';
import { toast } from '@/lib/toast';
import { useSetWithdrawalFeeMutation } from '../api/admin-markets';
import styles from './admin-markets.module.css';
import { useFormErrors } from './use-form-errors';

/**
 * A coin's withdrawal fee and minimum on one of its networks: users see both before they
 * withdraw, the fee is kept from the amount when it is paid out.
 */
export function WithdrawalFeeDialog({
  token,
  onClose,
}: {
  token: AdminToken;
  onClose: () => void;
}) {
  const { t } = useTranslation('withdraw-controls');
  const [save, { isLoading }] = useSetWithdrawalFeeMutation();
  const { errors, check, failed } = useFormErrors();
  const [network, setNetwork] = useState<Network | undefined>(token.networks[0]?.network);
  const current = token.networks.find((n) => n.network === network);
  const [fee, setFee] = useState(current?.withdraw_fee ?? '0');
  const [minimum, setMinimum] = useState(current?.withdraw_min ?? '0');
  const choose = (next: string) => {
    const chosen = token.networks.find((n) => n.network === next);
    setNetwork(chosen?.network);
    setFee(chosen?.withdraw_fee ?? '0');
    setMinimum(chosen?.withdraw_min ?? '0');
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(withdrawalFeeSchema, { fee, minimum });
    if (!valid || !network) return;
    try {
      const result = await save({ tokenId: token._id, network, ...valid }).unwrap();
      toast.success(result.message);
      onClose();
    } catch (error) {
      failed(error, t('adminFee.failed'));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('adminFee.title', { coin: token.short_name })}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('adminFee.form')}>
        <Select
          label={t('adminFee.network')}
          value={network}
          options={token.networks.map((n) => ({
            value: n.network,
            label: NETWORK_LABELS[n.network],
          }))}
          onValueChange={choose}
        />
        <Field
          label={t('adminFee.fee', { coin: token.short_name })}
          value={fee}
          inputMode="decimal"
          onChange={(e) => setFee(e.target.value)}
          error={errors.fee}
        />
        <Field
          label={t('adminFee.minimum', { coin: token.short_name })}
          value={minimum}
          inputMode="decimal"
          onChange={(e) => setMinimum(e.target.value)}
          error={errors.minimum}
        />
        <Button type="submit" busy={isLoading} disabled={isLoading || !network}>
          {t('adminFee.save')}
        </Button>
      </form>
    </Dialog>
  );
}
