import { inrDepositClaimSchema, upiPayUri } from '@exchange/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useClaimInrDepositMutation, useGetInrDepositQuery } from '../api/rupees-api';
import { InrAmountForm, useInrForm } from './inr-amount-form';
import { failedFields } from './rupee-errors';
import styles from './rupees.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Rupees in: the collection account and the UPI QR (`upi://pay` with the exchange's UPI ID, the
 * amount and the user's reference), then "I have paid" with the bank's 12-digit UTR and the
 * amount. Credited once the bank's statement shows it from the user's verified account.
 */
export function InrDepositDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation('rupees');
  const info = useGetInrDepositQuery(undefined, { skip: !open });
  const [claim, { isLoading }] = useClaimInrDepositMutation();
  const form = useInrForm();
  const { amount, account, errors } = form;
  const [utr, setUtr] = useState('');
  const d = info.data;
  const qrAmount = /^\d+(\.\d{1,2})?$/.test(amount) && Number(amount) > 0 ? amount : '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { utr, amount, bank_account_id: account ?? '' };
    if (!form.accepts(inrDepositClaimSchema, body)) return;
    try {
      await claim(body).unwrap();
      toast.success(t('deposit.claimed'));
      setUtr('');
      form.setAmount('');
      onOpenChange(false);
    } catch (error) {
      form.setErrors(failedFields(error, t('deposit.claimFailed')));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('deposit.title')} size="wide">
      {info.isError ? (
        <p role="alert">{t('deposit.unavailable')}</p>
      ) : !d ? (
        <Spinner />
      ) : (
        <div className={styles.form}>
          <div className={styles.pay}>
            <div className={styles.qr}>
              <QRCodeSVG
                value={upiPayUri(d, qrAmount)}
                level="M"
                size={168}
                marginSize={2}
                title={t('deposit.qr')}
              />
            </div>
            <dl className={styles.facts} aria-label={t('deposit.payTo')}>
              <dt>{t('accounts.upiId')}</dt>
              <dd data-testid="inr-vpa">{d.vpa}</dd>
              <dt>{t('deposit.accountName')}</dt>
              <dd translate="no">{d.payee_name}</dd>
              <dt>{t('accounts.number')}</dt>
              <dd>{d.account_number}</dd>
              <dt>IFSC</dt>
              <dd>
                {d.ifsc} ({d.bank_name})
              </dd>
              <dt>{t('deposit.reference')}</dt>
              <dd data-testid="inr-reference">{d.reference}</dd>
            </dl>
          </div>
          <p className={styles.note}>{t('deposit.howTo')}</p>
          <InrAmountForm
            form={form}
            label={t('deposit.claim')}
            accountLabel={t('deposit.paidFrom')}
            submitLabel={t('deposit.paid')}
            sending={isLoading}
            onSubmit={onSubmit}
          >
            <Field
              label={t('deposit.utr')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              value={utr}
              onChange={(e) => setUtr(e.target.value)}
              error={errors.utr}
            />
          </InrAmountForm>
        </div>
      )}
    </Dialog>
  );
}
