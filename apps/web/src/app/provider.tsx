import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { Spinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { createStore } from './store';

export function AppProvider({ children }: { children: ReactNode }) {
  const [{ store, persistor }] = useState(createStore);
  return (
    <Provider store={store}>
      <PersistGate loading={<Spinner />} persistor={persistor}>
        {children}
      </PersistGate>
      <Toaster />
    </Provider>
  );
}
