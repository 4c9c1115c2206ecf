import type { WalletGroup } from '@exchange/contracts';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatWalletAmount } from '@/lib/format';
import { balanceIn } from '../wallet-math';
import type { WalletTableProps } from './spot-wallet-table';
import { WalletActions } from './wallet-actions';

/** /wallets/funding and /profile/funding: Coin, Available Amount, In Process, Action. */
export function FundingWalletTable({ groups, isLoading, error, onAction }: WalletTableProps) {
  const columns: Column<WalletGroup>[] = [
    { key: 'coin', header: 'Coin', cell: (g) => <strong>{g.short_name}</strong> },
    {
      key: 'available',
      header: 'Available Amount',
      align: 'right',
      cell: (g) => formatWalletAmount(balanceIn(g, 'funding').amount),
    },
    {
      key: 'locked',
      header: 'In Process',
      align: 'right',
      cell: (g) => formatWalletAmount(balanceIn(g, 'funding').locked_balance),
    },
    {
      key: 'action',
      header: 'Action',
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
  return (
    <DataTable
      label="Funding Wallet"
      columns={columns}
      rows={groups}
      rowKey={(g) => g.token_id}
      isLoading={isLoading}
      error={error}
    />
  );
}
