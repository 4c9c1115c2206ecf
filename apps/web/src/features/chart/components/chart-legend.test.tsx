import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ChartLegend } from './chart-legend';

describe('ChartLegend (W4-24)', () => {
  it('groups open, high, low and close as the price axis does', () => {
    renderWithApp(
      <ChartLegend ohlc={{ open: 8584472, high: 8610000.5, low: 8570000, close: 8600000 }} />,
    );
    const legend = screen.getByTestId('chart-legend');
    expect(legend).toHaveTextContent('85,84,472.00');
    expect(legend).toHaveTextContent('86,10,000.50');
    expect(legend).toHaveTextContent('85,70,000.00');
    expect(legend).toHaveTextContent('86,00,000.00');
  });
});
