import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { Spinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { createStore } from './store';

export function AppProvider({ children }: { children: ReactNode }) {
  const [{ store, persistor }] = useState(createStore);
  const rehydrated = useRehydrated(persistor);
  return (
    <Provider store={store}>
      <Suspense fallback={<Spinner />}>{rehydrated ? children : <Spinner />}</Suspense>
      <Toaster />
    </Provider>
  );
}

/**
 * False until the persisted state is back in the store (spec section 3), as redux-persist's
 * PersistGate; the app then renders in a transition, which React splits into short tasks, so the
 * first render of a screen never holds the main thread for long.
 */
function useRehydrated(persistor: Persistor): boolean {
  const [rehydrated, setRehydrated] = useState(() => persistor.getState().bootstrapped);
  useEffect(() => {
    const check = () => {
      if (persistor.getState().bootstrapped) startTransition(() => setRehydrated(true));
    };
    check();
    return persistor.subscribe(check);
  }, [persistor]);
  return rehydrated;
}
