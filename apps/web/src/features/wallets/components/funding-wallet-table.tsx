import type { WalletGroup } from '@exchange/contracts';
import type { Column } from '@/components/ui/data-table';
import { CoinName, WalletActions } from './wallet-actions';
import { balanceColumns, WalletTable, type WalletTableProps } from './wallet-table';

/** /wallets/funding and /profile/funding: Coin, Available Amount, In Process, Action. */
export function FundingWalletTable({ onAction, ...table }: WalletTableProps) {
  const columns: Column<WalletGroup>[] = [
    { key: 'coin', header: 'Coin', role: 'title', cell: (g) => <CoinName group={g} /> },
    ...balanceColumns('funding', 'In Process'),
    {
      key: 'action',
      header: 'Action',
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
  return <WalletTable label="Funding Wallet" columns={columns} {...table} />;
}
