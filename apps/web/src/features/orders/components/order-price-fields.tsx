import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import type { DraftErrors, OrderDraft } from '../order-form-model';
import styles from './order-form.module.css';

interface OrderPriceFieldsProps {
  draft: OrderDraft;
  errors: DraftErrors;
  quote: string;
  onChange: (next: Partial<OrderDraft>) => void;
}

type PriceName = 'price' | 'stop' | 'stopLimit';

/**
 * The prices an order kind asks for: a limit order its price, a stop-limit order its stop then
 * its limit, an OCO its limit, stop and stop-limit prices; a market order none.
 */
export function OrderPriceFields({ draft, errors, quote, onChange }: OrderPriceFieldsProps) {
  const { t } = useTranslation('orders');
  const { t: stops } = useTranslation('stop-orders');
  const field = (name: PriceName, label: string) => (
    <Field
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      value={draft[name] ?? ''}
      error={errors[name]}
      onChange={(e) => onChange({ [name]: e.target.value })}
    />
  );
  const stopField = field('stop', stops('fields.stop', { quote }));
  return (
    <>
      {(draft.kind === 'stop_limit' || draft.kind === 'oco') && (
        <p className={styles.marketNote}>{stops(`notes.${draft.kind}`)}</p>
      )}
      {draft.kind === 'stop_limit' && stopField}
      {draft.kind !== 'market' ? (
        field('price', t('form.price', { quote }))
      ) : (
        <p className={styles.marketNote}>{t('form.marketPrice')}</p>
      )}
      {draft.kind === 'oco' && (
        <>
          {stopField}
          {field('stopLimit', stops('fields.stopLimit', { quote }))}
        </>
      )}
    </>
  );
}
