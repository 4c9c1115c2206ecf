import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusRescue } from './use-focus-rescue';

function Sessions() {
  const [rows, setRows] = useState(['Chrome on Linux', 'Safari on iOS']);
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusRescue(section, () => heading.current);
  return (
    <>
      <button type="button">Elsewhere</button>
      <section ref={section}>
        <h2 ref={heading} tabIndex={-1}>
          Active Sessions
        </h2>
        {rows.map((row) => (
          <button
            key={row}
            type="button"
            onClick={() => setRows((all) => all.filter((r) => r !== row))}
          >
            Log out {row}
          </button>
        ))}
      </section>
    </>
  );
}

describe('useFocusRescue', () => {
  it('moves focus to the target when the focused element is removed', async () => {
    const user = userEvent.setup();
    render(<Sessions />);
    await user.click(screen.getByRole('button', { name: 'Log out Safari on iOS' }));
    expect(screen.getByRole('heading', { name: 'Active Sessions' })).toHaveFocus();
    await user.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Log out Chrome on Linux' })).toHaveFocus();
  });

  it('leaves focus that went elsewhere alone', async () => {
    render(<Sessions />);
    const row = screen.getByRole('button', { name: 'Log out Safari on iOS' });
    row.focus();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    row.remove();
    await Promise.resolve();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
