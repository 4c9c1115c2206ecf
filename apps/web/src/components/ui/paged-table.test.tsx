import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable, type PagedQuery } from './paged-table';

interface Row {
  id: string;
}

const columns = [{ key: 'id', header: 'Id', cell: (r: Row) => r.id }];

function renderTable(query: PagedQuery<Row>, onPageChange = vi.fn()) {
  render(
    <PagedTable
      label="Rows"
      columns={columns}
      rowKey={(r) => r.id}
      query={query}
      errorText="Could not load the rows."
      page={1}
      pageSize={2}
      onPageChange={onPageChange}
    />,
  );
  return onPageChange;
}

describe('PagedTable', () => {
  it("shows this page's rows and pages by the list's total", async () => {
    const rows = [{ id: 'r1' }, { id: 'r2' }];
    const onPageChange = renderTable({
      currentData: { data: rows },
      data: { total: 5 },
      isFetching: false,
      isError: false,
    });
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(['Id', 'r1', 'r2']);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('says why when the page could not be loaded', () => {
    renderTable({ isFetching: false, isError: true });
    expect(screen.getByText('Could not load the rows.')).toBeInTheDocument();
  });

  it('keeps the rows it has while a refetch fails', () => {
    renderTable({ currentData: { data: [{ id: 'r1' }] }, isFetching: false, isError: true });
    expect(screen.queryByText('Could not load the rows.')).not.toBeInTheDocument();
    expect(screen.getByText('r1')).toBeInTheDocument();
  });
});
