import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazySelect } from './lazy-select';

const YEARS = [
  { value: '2025-26', label: 'FY 2025-26' },
  { value: '2024-25', label: 'FY 2024-25' },
];

describe('LazySelect', () => {
  it('shows the same labelled field with the choice while Radix Select loads, then the select', async () => {
    render(
      <LazySelect label="Financial year" options={YEARS} value="2025-26" onValueChange={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Financial year' })).toHaveTextContent('FY 2025-26');

    const select = await screen.findByRole('combobox', { name: 'Financial year' });
    expect(select).toHaveTextContent('FY 2025-26');
    expect(screen.queryByRole('button', { name: 'Financial year' })).toBeNull();
  });
});
