import type { WalletGroup, WalletType } from '@exchange/contracts';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatWalletAmount } from '@/lib/format';
import { balanceIn, type WalletAction } from '../wallet-math';

export interface WalletTableProps {
  groups: WalletGroup[];
  isLoading: boolean;
  error: string | null;
  onAction: (action: WalletAction) => void;
  /** The empty table's words (a search that matches nothing). */
  emptyText?: string | undefined;
}

/** A wallet's two balance columns: what is available, and what `lockedHeader` says is held. */
export function balanceColumns(
  wallet: WalletType,
  availableHeader: string,
  lockedHeader: string,
): Column<WalletGroup>[] {
  return [
    {
      key: 'available',
      header: availableHeader,
      align: 'right',
      cell: (g) => formatWalletAmount(balanceIn(g, wallet).amount, g.short_name, g.decimals),
    },
    {
      key: 'locked',
      header: lockedHeader,
      align: 'right',
      cell: (g) =>
        formatWalletAmount(balanceIn(g, wallet).locked_balance, g.short_name, g.decimals),
    },
  ];
}

/** One wallet's table: a row per coin. */
export function WalletTable({
  label,
  columns,
  groups,
  isLoading,
  error,
  emptyText,
}: Omit<WalletTableProps, 'onAction'> & { label: string; columns: Column<WalletGroup>[] }) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={groups}
      rowKey={(g) => g.token_id}
      isLoading={isLoading}
      error={error}
      emptyText={emptyText}
    />
  );
}
