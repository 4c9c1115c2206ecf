import { newPairSchema, type AdminMarkets } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { useAddPairMutation } from '../api/admin-markets';
import styles from './admin-markets.module.css';
import { useFormErrors } from './use-form-errors';

const DEFAULTS = {
  tick_size: '0.01',
  lot_size: '0.01',
  min_notional: '5',
  maker_fee: '0.001',
  taker_fee: '0.001',
};
type Draft = typeof DEFAULTS;
/** Each field with its label's key (the fees' labels are the fees dialog's). */
const FIELDS: [keyof Draft, string][] = [
  ['tick_size', 'pair.tick_size'],
  ['lot_size', 'pair.lot_size'],
  ['min_notional', 'pair.min_notional'],
  ['maker_fee', 'fees.maker'],
  ['taker_fee', 'fees.taker'],
];

/** Lists a USDT pair of a listed token: steps, minimum order value and fees. */
export function AddPairDialog({
  open,
  onOpenChange,
  markets,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  markets: AdminMarkets;
}) {
  const { t } = useTranslation('admin-markets');
  const [add, { isLoading }] = useAddPairMutation();
  const { errors, check, failed } = useFormErrors();
  const [base, setBase] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState<Draft>(DEFAULTS);
  const paired = new Set(markets.pairs.map((p) => p.base_token));
  const options = markets.tokens
    .filter((token) => token.short_name !== 'USDT' && !paired.has(token.short_name))
    .map((token) => ({ value: token._id, label: `${token.short_name} (${token.name})` }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = check(newPairSchema, { ...draft, base_token_id: base ?? '' });
    if (!valid) return;
    try {
      const result = await add(valid).unwrap();
      toast.success(result.message);
      setBase(undefined);
      setDraft(DEFAULTS);
      onOpenChange(false);
    } catch (error) {
      failed(error, t('pair.failed'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('pair.title')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('pair.title')}>
        <Select
          label={t('pair.base')}
          options={options}
          value={base}
          onValueChange={setBase}
          placeholder={t('pair.choose')}
          error={errors.base_token_id}
        />
        {FIELDS.map(([key, label]) => (
          <Field
            key={key}
            label={t(label)}
            inputMode="decimal"
            value={draft[key]}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
            error={errors[key]}
          />
        ))}
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          {t('pair.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
