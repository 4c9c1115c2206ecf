import type { WalletGroup } from '@exchange/contracts';
import { Link } from 'react-router';
import { DataTable, type Column } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatWalletAmount } from '@/lib/format';
import { balanceIn, pairOf, type WalletAction } from '../wallet-math';
import { WalletActions } from './wallet-actions';
import styles from './wallets.module.css';

interface WalletTableProps {
  groups: WalletGroup[];
  isLoading: boolean;
  error: string | null;
  onAction: (action: WalletAction) => void;
}

function Coin({ group }: { group: WalletGroup }) {
  const pair = pairOf(group.short_name);
  return pair ? (
    <Link className={styles.coinLink} to={paths.trade.getHref(pair)}>
      {group.short_name}
    </Link>
  ) : (
    <strong>{group.short_name}</strong>
  );
}

/** /wallets/spot: Coin (a link to its pair), Available Amount, In Orders, Wallet Type, Action. */
export function SpotWalletTable({ groups, isLoading, error, onAction }: WalletTableProps) {
  const columns: Column<WalletGroup>[] = [
    { key: 'coin', header: 'Coin', cell: (g) => <Coin group={g} /> },
    {
      key: 'available',
      header: 'Available Amount',
      align: 'right',
      cell: (g) => formatWalletAmount(balanceIn(g, 'spot').amount),
    },
    {
      key: 'locked',
      header: 'In Orders',
      align: 'right',
      cell: (g) => formatWalletAmount(balanceIn(g, 'spot').locked_balance),
    },
    { key: 'type', header: 'Wallet Type', cell: () => 'Spot' },
    {
      key: 'action',
      header: 'Action',
      cell: (g) => (
        <WalletActions group={g} wallet="spot" onAction={onAction} kinds={['trade', 'transfer']} />
      ),
    },
  ];
  return (
    <DataTable
      label="Spot Wallet"
      columns={columns}
      rows={groups}
      rowKey={(g) => g.token_id}
      isLoading={isLoading}
      error={error}
    />
  );
}

export type { WalletTableProps };
