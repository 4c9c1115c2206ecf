import { NETWORKS, newTokenSchema, type Network } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { NETWORK_LABELS } from '@/config/networks';
import { useAddTokenMutation } from '../api/admin-markets';
import styles from './admin-markets.module.css';
import { useFormErrors } from './use-form-errors';

type NetworkDraft = { on: boolean; contract: string; decimals: string };
const EMPTY_NETWORKS = Object.fromEntries(
  NETWORKS.map((n) => [n, { on: false, contract: '', decimals: '18' }]),
) as Record<Network, NetworkDraft>;

/** Lists a token: name, short name, display decimals, and its contract on each network it lives on. */
export function AddTokenDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation('admin-markets');
  const [add, { isLoading }] = useAddTokenMutation();
  const { errors, check, failed } = useFormErrors();
  const [name, setName] = useState('');
  const [shortName, setShortName] = useState('');
  const [decimals, setDecimals] = useState('8');
  const [networks, setNetworks] = useState(EMPTY_NETWORKS);
  const setNetwork = (n: Network, change: Partial<NetworkDraft>) =>
    setNetworks((all) => ({ ...all, [n]: { ...all[n], ...change } }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      short_name: shortName,
      decimals,
      networks: NETWORKS.filter((n) => networks[n].on).map((n) => ({
        network: n,
        contract_address: networks[n].contract || null,
        decimals: networks[n].decimals,
      })),
    };
    const valid = check(newTokenSchema, body);
    if (!valid) return;
    try {
      const result = await add(valid).unwrap();
      toast.success(result.message);
      setName('');
      setShortName('');
      setNetworks(EMPTY_NETWORKS);
      onOpenChange(false);
    } catch (error) {
      failed(error, t('token.failed'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('token.title')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('token.title')}>
        <Field
          label={t('token.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <div className={styles.row}>
          <Field
            label={t('token.shortName')}
            value={shortName}
            onChange={(e) => setShortName(e.target.value.toUpperCase())}
            error={errors.short_name}
          />
          <Field
            label={t('token.decimals')}
            inputMode="numeric"
            value={decimals}
            onChange={(e) => setDecimals(e.target.value)}
            error={errors.decimals}
          />
        </div>
        {NETWORKS.map((n) => (
          <fieldset key={n} className={styles.form}>
            <label>
              <input
                type="checkbox"
                checked={networks[n].on}
                onChange={(e) => setNetwork(n, { on: e.target.checked })}
              />{' '}
              {t('token.on', { network: NETWORK_LABELS[n] })}
            </label>
            {networks[n].on && (
              <div className={styles.row}>
                <Field
                  label={t('token.contract', { network: NETWORK_LABELS[n] })}
                  value={networks[n].contract}
                  onChange={(e) => setNetwork(n, { contract: e.target.value.trim() })}
                />
                <Field
                  label={t('token.networkDecimals', { network: NETWORK_LABELS[n] })}
                  inputMode="numeric"
                  value={networks[n].decimals}
                  onChange={(e) => setNetwork(n, { decimals: e.target.value })}
                />
              </div>
            )}
          </fieldset>
        ))}
        {errors.networks && <p role="alert">{errors.networks}</p>}
        {Object.entries(errors)
          .filter(([key]) => key.startsWith('networks.'))
          .slice(0, 1)
          .map(([key, message]) => (
            <p key={key} role="alert">
              {message}
            </p>
          ))}
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          {t('token.title')}
        </Button>
      </form>
    </Dialog>
  );
}
