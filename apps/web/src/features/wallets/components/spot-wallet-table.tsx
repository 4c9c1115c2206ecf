import type { WalletGroup } from '@exchange/contracts';
import { Link } from 'react-router';
import type { Column } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { pairOf } from '../wallet-math';
import { WalletActions } from './wallet-actions';
import { balanceColumns, WalletTable, type WalletTableProps } from './wallet-table';
import styles from './wallets.module.css';

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
export function SpotWalletTable({ onAction, ...table }: WalletTableProps) {
  const columns: Column<WalletGroup>[] = [
    { key: 'coin', header: 'Coin', role: 'title', cell: (g) => <Coin group={g} /> },
    ...balanceColumns('spot', 'In Orders'),
    { key: 'type', header: 'Wallet Type', cell: () => 'Spot' },
    {
      key: 'action',
      header: 'Action',
      role: 'actions',
      cell: (g) => (
        <WalletActions group={g} wallet="spot" onAction={onAction} kinds={['trade', 'transfer']} />
      ),
    },
  ];
  return <WalletTable label="Spot Wallet" columns={columns} {...table} />;
}
