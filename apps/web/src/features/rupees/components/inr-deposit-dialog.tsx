import { inrDepositClaimSchema, upiPayUri } from '@exchange/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useClaimInrDepositMutation, useGetInrDepositQuery } from '../api/rupees-api';
import { failedFields, issuesByField } from './rupee-errors';
import styles from './rupees.module.css';
import { useDefaultAccount, VerifiedAccountSelect } from './verified-account-select';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const CLAIM_FAILED = 'The deposit could not be claimed. Please try again.';

/**
 * Rupees in: the collection account and the UPI QR (`upi://pay` with the exchange's UPI ID, the
 * amount and the user's reference), then "I have paid" with the bank's 12-digit UTR and the
 * amount. Credited once the bank's statement shows it from the user's verified account.
 */
export function InrDepositDialog({ open, onOpenChange }: Props) {
  const info = useGetInrDepositQuery(undefined, { skip: !open });
  const [claim, { isLoading }] = useClaimInrDepositMutation();
  const [amount, setAmount] = useState('');
  const [utr, setUtr] = useState('');
  const [picked, setPicked] = useState<string | undefined>();
  const account = useDefaultAccount(picked);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const d = info.data;
  const qrAmount = /^\d+(\.\d{1,2})?$/.test(amount) && Number(amount) > 0 ? amount : '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { utr, amount, bank_account_id: account ?? '' };
    const parsed = inrDepositClaimSchema.safeParse(body);
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    try {
      await claim(body).unwrap();
      toast.success('Deposit claimed: your rupees arrive once the bank confirms it');
      setUtr('');
      setAmount('');
      onOpenChange(false);
    } catch (error) {
      setErrors(failedFields(error, CLAIM_FAILED));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Deposit INR" size="wide">
      {info.isError ? (
        <p role="alert">Rupee deposits are not available right now.</p>
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
                title="UPI payment QR code"
              />
            </div>
            <dl className={styles.facts} aria-label="Pay to">
              <dt>UPI ID</dt>
              <dd data-testid="inr-vpa">{d.vpa}</dd>
              <dt>Account name</dt>
              <dd>{d.payee_name}</dd>
              <dt>Account number</dt>
              <dd>{d.account_number}</dd>
              <dt>IFSC</dt>
              <dd>
                {d.ifsc} ({d.bank_name})
              </dd>
              <dt>Your reference</dt>
              <dd data-testid="inr-reference">{d.reference}</dd>
            </dl>
          </div>
          <p className={styles.note}>
            Scan with any UPI app, or pay by IMPS/NEFT, from one of your verified bank accounts and
            put your reference in the note. Money from anyone else's account is refunded, not
            credited.
          </p>
          <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Claim deposit">
            <VerifiedAccountSelect
              label="Paid from"
              value={account}
              onChange={setPicked}
              error={errors.bank_account_id}
            />
            <Field
              label="Amount (INR)"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={errors.amount}
            />
            <Field
              label="UTR (12 digits)"
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              value={utr}
              onChange={(e) => setUtr(e.target.value)}
              error={errors.utr}
            />
            <Button type="submit" disabled={isLoading || !account}>
              {isLoading ? 'Sending...' : 'I have paid'}
            </Button>
          </form>
        </div>
      )}
    </Dialog>
  );
}
