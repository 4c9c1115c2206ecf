import { pairFeesSchema, type AdminPair } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { useSetPairFeesMutation } from '../api/admin-markets';
import styles from './admin-markets.module.css';
import { useFormErrors } from './use-form-errors';

/** Changes a pair's maker and taker fees; fills from then on pay the new rates. */
export function FeesDialog({ pair, onClose }: { pair: AdminPair; onClose: () => void }) {
  const { t } = useTranslation('admin-markets');
  const [save, { isLoading }] = useSetPairFeesMutation();
  const { errors, check, failed } = useFormErrors();
  const [maker, setMaker] = useState(pair.maker_fee);
  const [taker, setTaker] = useState(pair.taker_fee);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(pairFeesSchema, { maker_fee: maker, taker_fee: taker });
    if (!valid) return;
    try {
      const result = await save({ symbol: pair.symbol, ...valid }).unwrap();
      toast.success(result.message);
      onClose();
    } catch (error) {
      failed(error, t('fees.failed'));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('fees.title', { symbol: pair.symbol })}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('fees.form')}>
        <Field
          label={t('fees.maker')}
          value={maker}
          onChange={(e) => setMaker(e.target.value)}
          error={errors.maker_fee}
        />
        <Field
          label={t('fees.taker')}
          value={taker}
          onChange={(e) => setTaker(e.target.value)}
          error={errors.taker_fee}
        />
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          {t('fees.save')}
        </Button>
      </form>
    </Dialog>
  );
}
