import type { WalletGroup } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/ui/data-table';
import { CoinName, WalletActions } from './wallet-actions';
import { balanceColumns, WalletTable, type WalletTableProps } from './wallet-table';

/** /wallets/funding and /profile/funding: Coin, Available Amount, In Process, Action. */
export function FundingWalletTable({ onAction, ...table }: WalletTableProps) {
  const { t } = useTranslation('wallets');
  const columns: Column<WalletGroup>[] = [
    { key: 'coin', header: t('columns.coin'), role: 'title', cell: (g) => <CoinName group={g} /> },
    ...balanceColumns('funding', t('columns.availableAmount'), t('columns.inProcess')),
    {
      key: 'action',
      header: t('columns.action'),
      role: 'actions',
      cell: (g) => (
        <WalletActions
          group={g}
          wallet="funding"
          onAction={onAction}
          kinds={['deposit', 'withdraw', 'transfer']}
        />
      ),
    },
  ];
  return <WalletTable label={t('pages.funding')} columns={columns} {...table} />;
}
