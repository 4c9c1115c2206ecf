import { startTransition, useEffect, useState } from 'react';
import { useStore } from 'react-redux';

/**
 * `useSelector` for high-rate data that only shows (live tickers): the store's changes reach the
 * component in a transition, which React renders in short slices and lets input go first, not
 * in the one long task a `useSelector` update (`useSyncExternalStore`) always renders in. The
 * value may trail the store by a frame; a screen must not decide anything from it.
 */
export function useTransitionSelector<S, T>(selector: (state: S) => T): T {
  const store = useStore<S>();
  const [value, setValue] = useState(() => selector(store.getState()));
  useEffect(() => {
    // The same value again (a change elsewhere in the store) renders nothing.
    const update = () => {
      const next = selector(store.getState());
      startTransition(() => setValue(next));
    };
    // What changed between the first render and this subscription.
    update();
    return store.subscribe(update);
  }, [store, selector]);
  return value;
}
