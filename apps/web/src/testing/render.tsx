import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createStore, type AppStore } from '@/app/store';
import { Toaster } from '@/components/ui/toaster';

interface Options {
  path?: string;
  url?: string;
  /** Extra routes, e.g. the targets a form navigates to. */
  routes?: RouteObject[];
  /** Puts data in the store before the first render, e.g. a cached query's answer. */
  seed?: (store: AppStore) => void;
}

/** Renders a screen with the real store and a memory router; returns the router to inspect. */
export function renderWithApp(
  ui: ReactNode,
  { path = '/', url = path, routes = [], seed }: Options = {},
) {
  const { store } = createStore();
  seed?.(store);
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [url] });
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { ...result, user, router, store };
}
