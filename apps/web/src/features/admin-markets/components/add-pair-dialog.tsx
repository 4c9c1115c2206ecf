import { newPairSchema, type AdminMarkets } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
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
const FIELDS: [keyof Draft, string][] = [
  ['tick_size', 'Tick size (price step)'],
  ['lot_size', 'Lot size (amount step)'],
  ['min_notional', 'Minimum order value (USDT)'],
  ['maker_fee', 'Maker fee (0.001 = 0.1%)'],
  ['taker_fee', 'Taker fee (0.001 = 0.1%)'],
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
  const [add, { isLoading }] = useAddPairMutation();
  const { errors, check, failed } = useFormErrors();
  const [base, setBase] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState<Draft>(DEFAULTS);
  const paired = new Set(markets.pairs.map((p) => p.base_token));
  const options = markets.tokens
    .filter((t) => t.short_name !== 'USDT' && !paired.has(t.short_name))
    .map((t) => ({ value: t._id, label: `${t.short_name} (${t.name})` }));

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
      failed(error, 'The pair could not be listed. Please try again.');
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add USDT pair">
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Add USDT pair">
        <Select
          label="Base token"
          options={options}
          value={base}
          onValueChange={setBase}
          placeholder="Choose a token"
          error={errors.base_token_id}
        />
        {FIELDS.map(([key, label]) => (
          <Field
            key={key}
            label={label}
            inputMode="decimal"
            value={draft[key]}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
            error={errors[key]}
          />
        ))}
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          Add pair
        </Button>
      </form>
    </Dialog>
  );
}
