import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
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

/** A dialog whose content focuses itself (autoFocus), opened by a button it may remove. */
function AutoFocusHarness() {
  const [open, setOpen] = useState(false);
  const [removed, setRemoved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Passkeys
      </h2>
      {!removed && (
        <button type="button" onClick={() => setOpen(true)}>
          Remove
        </button>
      )}
      <Dialog open={open} onOpenChange={setOpen} title="Remove Passkey" returnFocus={heading}>
        <input aria-label="Code" autoFocus />
        <button
          type="button"
          onClick={() => {
            setRemoved(true);
            setOpen(false);
          }}
        >
          Confirm
        </button>
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
    expect(opener).toHaveFocus();
  });

  it('hands focus back to its opener when its content took focus on opening', async () => {
    const user = userEvent.setup();
    render(<AutoFocusHarness />);
    const opener = screen.getByRole('button', { name: 'Remove' });
    await user.click(opener);
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
  });

  it('hands focus to returnFocus when nothing had focus on opening', async () => {
    const user = userEvent.setup();
    render(<AutoFocusHarness />);
    // As when the button that opened it was disabled while busy: focus was on the body.
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Passkeys' })).toHaveFocus();
  });

  it('hands focus to returnFocus when its opener is gone', async () => {
    const user = userEvent.setup();
    render(<AutoFocusHarness />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Passkeys' })).toHaveFocus();
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
