import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useState, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';
import { DialogLoader } from './dialog-loader';

interface DialogsProps {
  open: boolean;
  onClose: () => void;
}

function Dialogs({ open, onClose }: DialogsProps) {
  return (
    <Dialog open={open} onOpenChange={onClose} title="Add Passkey">
      <input aria-label="Passkey Name" />
    </Dialog>
  );
}

/** A page whose dialog's code arrives when the test says so, as a chunk would over the network. */
function harness() {
  let arrive: (module: { default: ComponentType<DialogsProps> }) => void = () => {};
  const load = vi.fn(
    () => new Promise<{ default: ComponentType<DialogsProps> }>((r) => (arrive = r)),
  );
  const LazyDialogs = lazy(load);
  function Page() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Add Passkey
        </button>
        <DialogLoader open={open}>
          <LazyDialogs open={open} onClose={() => setOpen(false)} />
        </DialogLoader>
      </>
    );
  }
  render(<Page />);
  return { load, arrive: () => arrive({ default: Dialogs }) };
}

describe('DialogLoader', () => {
  it('loads nothing until a dialog opens, dims the screen while its code loads, keeps it after', async () => {
    const user = userEvent.setup();
    const { load, arrive } = harness();
    expect(load).not.toHaveBeenCalled();

    const opener = screen.getByRole('button', { name: 'Add Passkey' });
    await user.click(opener);
    expect(screen.getByRole('status', { name: 'Opening' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();

    arrive();
    const dialog = await screen.findByRole('dialog', { name: 'Add Passkey' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.queryByRole('status', { name: 'Opening' })).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Add Passkey' })).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Opening' })).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
