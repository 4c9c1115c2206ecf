import type { Network, WithdrawAddressBook } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import styles from './wallet-dialogs.module.css';

interface SavedAddressPickerProps {
  /** The address book; undefined while it loads. */
  book: WithdrawAddressBook | undefined;
  network: Network | undefined;
  onPick: (address: string) => void;
}

const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-6)}`;

/**
 * The saved addresses of the chosen network, to fill the Address field; with the whitelist on, a
 * word that only saved addresses (24 hours after they were added) are accepted, and where to add
 * one. Nothing while the book is empty and the whitelist off.
 */
export function SavedAddressPicker({ book, network, onPick }: SavedAddressPickerProps) {
  const { t } = useTranslation('withdraw-controls');
  const [picked, setPicked] = useState<string | undefined>(undefined);
  // When the dialog opened: an address's 24 hours are told against it.
  const [now] = useState(() => Date.now());
  if (!book) return null;
  const saved = book.addresses.filter((a) => a.network === network);
  return (
    <>
      {book.whitelist && (
        <p className={styles.note} role="note">
          {t('picker.whitelistOn')}{' '}
          <Link to={paths.profileSecurity.getHref()}>{t('picker.manage')}</Link>
        </p>
      )}
      {saved.length > 0 && (
        <Select
          label={t('picker.label')}
          placeholder={t('picker.placeholder')}
          value={saved.some((a) => a.address === picked) ? picked : undefined}
          options={saved.map((a) => ({
            value: a.address,
            label:
              Date.parse(a.usable_at) > now && book.whitelist
                ? t('picker.usableFrom', {
                    label: a.label,
                    address: short(a.address),
                    time: formatDateTime(a.usable_at),
                  })
                : `${a.label} · ${short(a.address)}`,
          }))}
          onValueChange={(address) => {
            setPicked(address);
            onPick(address);
          }}
        />
      )}
    </>
  );
}
