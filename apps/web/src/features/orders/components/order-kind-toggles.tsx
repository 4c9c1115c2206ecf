import { useTranslation } from 'react-i18next';
import type { OrderKind, Side } from '../order-form-model';
import { ToggleGroup } from './toggle-group';

const KINDS: readonly OrderKind[] = ['limit', 'market', 'stop_limit', 'oco'];

interface OrderKindTogglesProps {
  side: Side;
  kind: OrderKind;
  onChange: (next: { side?: Side; kind?: OrderKind }) => void;
}

/** The order form's Buy/Sell and order type choices. */
export function OrderKindToggles({ side, kind, onChange }: OrderKindTogglesProps) {
  const { t } = useTranslation('orders');
  const { t: stops } = useTranslation('stop-orders');
  return (
    <>
      <ToggleGroup
        label={t('form.side')}
        value={side}
        options={[
          { value: 'buy', label: t('sides.buy'), tone: 'up' },
          { value: 'sell', label: t('sides.sell'), tone: 'down' },
        ]}
        onChange={(next) => onChange({ side: next })}
      />
      <ToggleGroup
        label={t('form.orderType')}
        value={kind}
        options={KINDS.map((k) => ({ value: k, label: stops(`types.${k}`) }))}
        onChange={(next) => onChange({ kind: next })}
      />
    </>
  );
}
