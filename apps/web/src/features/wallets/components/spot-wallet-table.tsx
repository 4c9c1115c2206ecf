import type { WalletGroup } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { pairOf } from '../wallet-math';
import { WalletActions, walletName } from './wallet-actions';
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
  const { t } = useTranslation('wallets');
  const columns: Column<WalletGroup>[] = [
    { key: 'coin', header: t('columns.coin'), role: 'title', cell: (g) => <Coin group={g} /> },
    ...balanceColumns('spot', t('columns.availableAmount'), t('columns.inOrders')),
    { key: 'type', header: t('columns.walletType'), cell: () => walletName(t, 'spot') },
    {
      key: 'action',
      header: t('columns.action'),
      role: 'actions',
      cell: (g) => (
        <WalletActions group={g} wallet="spot" onAction={onAction} kinds={['trade', 'transfer']} />
      ),
    },
  ];
  return <WalletTable label={t('pages.spot')} columns={columns} {...table} />;
}
