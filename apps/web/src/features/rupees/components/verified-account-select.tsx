import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { RichText } from '@/i18n/rich-text';
import { useGetBankAccountsQuery } from '../api/rupees-api';
import styles from './rupees.module.css';

interface Props {
  label: string;
  value: string | undefined;
  onChange: (id: string) => void;
  error?: string | undefined;
}

/** One of the user's verified bank accounts, or a word on how to add one. */
export function VerifiedAccountSelect({ label, value, onChange, error }: Props) {
  const { t } = useTranslation('rupees');
  const { data, isLoading } = useGetBankAccountsQuery(undefined);
  const verified = (data ?? []).filter((a) => a.status === 'verified');
  if (isLoading) return null;
  if (verified.length === 0)
    return (
      <p className={styles.note} role="note">
        <RichText
          text={t('accounts.addFirst')}
          parts={{ link: (c) => <Link to={paths.profileBankAccounts.getHref()}>{c}</Link> }}
        />
      </p>
    );
  return (
    <Select
      label={label}
      options={verified.map((a) => ({
        value: a._id,
        label: `${a.bank} ${a.account_number}${a.upi_id ? ` (${a.upi_id})` : ''}`,
      }))}
      value={value ?? verified[0]?._id}
      onValueChange={onChange}
      error={error}
    />
  );
}

/** The account a form uses: the one picked, else the first verified one. */
export function useDefaultAccount(picked: string | undefined): string | undefined {
  const { data } = useGetBankAccountsQuery(undefined);
  return picked ?? (data ?? []).find((a) => a.status === 'verified')?._id;
}
