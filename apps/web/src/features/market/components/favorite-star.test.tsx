import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { FavoriteStar } from './favorite-star';

describe('FavoriteStar', () => {
  it('sends a visitor to log in instead of toggling', async () => {
    const { user, router } = renderWithApp(
      <FavoriteStar symbol="BTCUSDT" label="BTC/USDT" isFavorite={false} />,
      { path: '/market', routes: [{ path: '/login', element: <p>login screen</p> }] },
    );
    const star = screen.getByRole('button', { name: 'Favorite BTC/USDT' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says whether the pair is a favourite', () => {
    renderWithApp(<FavoriteStar symbol="ETHUSDT" label="ETH/USDT" isFavorite />);
    expect(screen.getByRole('button', { name: 'Favorite ETH/USDT' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
