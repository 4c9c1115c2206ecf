import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { RecoveryCodes } from './recovery-codes';

afterEach(() => vi.restoreAllMocks());

describe('RecoveryCodes', () => {
  it('copies the ten codes, one a line, to keep them somewhere safe', async () => {
    const codes = ['abcde-fghij', 'klmno-pqrst'];
    const { user } = renderWithApp(<RecoveryCodes codes={codes} onDone={vi.fn()} />);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith('abcde-fghij\nklmno-pqrst');
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();
  });
});
