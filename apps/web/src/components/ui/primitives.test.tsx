import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';
import { Tabs } from './tabs';

function DialogHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Deposit Funds">
        <input aria-label="Amount" />
      </Dialog>
    </>
  );
}

function TabsHarness() {
  const [value, setValue] = useState<'a' | 'b'>('a');
  return (
    <Tabs
      label="Orders"
      value={value}
      onValueChange={setValue}
      items={[
        { value: 'a', label: 'Open Orders', content: <p>open list</p> },
        { value: 'b', label: 'Order History', content: <p>history list</p> },
      ]}
    />
  );
}

describe('Dialog', () => {
  it('is a labelled modal that Escape closes', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Deposit Funds' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Tabs', () => {
  it('moves between tabs with the arrow keys and shows only the selected panel', async () => {
    const user = userEvent.setup();
    render(<TabsHarness />);
    expect(screen.getByRole('tablist', { name: 'Orders' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Open Orders' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Order History' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('history list');
    expect(screen.queryByText('open list')).not.toBeInTheDocument();
  });
});
