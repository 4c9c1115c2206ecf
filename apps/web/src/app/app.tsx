import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { useNumberGrouping } from '@/lib/number-grouping';
import { AppProvider } from './provider';
import { createRouter, type AppRouter } from './router';

/** The app; given a `router` made before it renders (main.tsx), which is then loading already. */
export function App({ router: made }: { router?: AppRouter }) {
  const [router] = useState(() => made ?? createRouter());
  // The formatters read the grouping setting (issue 36): a new choice renders every screen
  // afresh, memoised rows too. The router, the store and its cached data stay.
  const grouping = useNumberGrouping();
  return (
    <AppProvider>
      <RouterProvider key={grouping} router={router} />
    </AppProvider>
  );
}
