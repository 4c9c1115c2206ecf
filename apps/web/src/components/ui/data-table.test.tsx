import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

interface Coin {
  id: string;
  name: string;
  amount: string;
}

const COLUMNS: Column<Coin>[] = [
  { key: 'coin', header: 'Coin', role: 'title', cell: (c) => c.name },
  { key: 'amount', header: 'Available Amount', align: 'right', cell: (c) => c.amount },
  {
    key: 'star',
    header: <span>Favourite</span>,
    cardLabel: 'Favourite',
    cell: () => '☆',
  },
  { key: 'action', header: 'Action', role: 'actions', cell: (c) => <button>Send {c.name}</button> },
];

const ROWS: Coin[] = [
  { id: '1', name: 'BTC', amount: '0.5' },
  { id: '2', name: 'USDT', amount: '100' },
];

describe('DataTable', () => {
  it("labels each card line with its column's header and leaves the cells' text alone", () => {
    render(<DataTable label="Coins" columns={COLUMNS} rows={ROWS} rowKey={(c) => c.id} />);
    const [title, amount, star, action] = within(screen.getAllByRole('row')[1]!).getAllByRole(
      'cell',
    );
    // The title and the actions head and end the card without a label.
    expect(title).not.toHaveAttribute('data-label');
    expect(action).not.toHaveAttribute('data-label');
    expect(amount).toHaveAttribute('data-label', 'Available Amount');
    expect(amount).toHaveTextContent(/^0\.5$/);
    // A header that is not plain text is labelled by cardLabel.
    expect(star).toHaveAttribute('data-label', 'Favourite');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Coin',
      'Available Amount',
      'Favourite',
      'Action',
    ]);
  });

  it("shows a row's detail in a row of its own below it, named by its id", () => {
    render(
      <DataTable
        label="Coins"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(c) => c.id}
        detail={(c) => (c.name === 'USDT' ? { id: 'usdt-more', content: 'Spot 60' } : null)}
      />,
    );
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveAttribute('id', 'usdt-more');
    expect(rows[3]).toHaveTextContent('Spot 60');
    expect(within(rows[3]!).getByRole('cell')).toHaveAttribute('colspan', '4');
  });

  it('shows the status in one cell across the columns while there are no rows', () => {
    render(<DataTable label="Coins" columns={COLUMNS} rows={[]} rowKey={(c) => c.id} />);
    const cell = within(screen.getAllByRole('row')[1]!).getByRole('cell');
    expect(cell).toHaveTextContent('NO DATA');
    expect(cell).not.toHaveAttribute('data-label');
  });
});
