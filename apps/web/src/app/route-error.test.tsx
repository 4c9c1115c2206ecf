import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '@/i18n/i18n';
import { RouteError } from './route-error';

const failingRoute = () =>
  createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteError />,
      loader: () => {
        throw new Response('', { status: 404, statusText: 'Not Found' });
      },
      element: <p>never</p>,
    },
  ]);

describe('RouteError', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says what happened and offers the way back and a reload, links inside the sentence', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={failingRoute()} />);
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(alert).toHaveTextContent('404 Not Found');
    expect(alert).toHaveTextContent('Back to trading or reload the page.');
    expect(screen.getByRole('link', { name: 'Back to trading' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'reload the page' })).toBeVisible();
  });

  it('in Hindi', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('hi');
    render(<RouterProvider router={failingRoute()} />);
    expect(await screen.findByRole('heading', { name: 'कुछ गलत हो गया' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'ट्रेडिंग पर वापस जाएँ' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'पेज फिर से लोड करें' })).toBeVisible();
  });
});
