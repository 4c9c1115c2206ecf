import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the app lays out for a phone (the trading screen's sheet, tables as cards). */
export const PHONE_QUERY = '(width < 768px)';

/** Whether the viewport matches `query` now, following it as the window resizes or turns. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The viewport is a phone's. */
export const usePhone = () => useMediaQuery(PHONE_QUERY);
