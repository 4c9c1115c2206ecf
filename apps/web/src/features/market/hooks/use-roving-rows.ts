import { useState, type FocusEvent, type KeyboardEvent } from 'react';

const STEPS: Record<string, (at: number, last: number) => number> = {
  ArrowDown: (at, last) => Math.min(at + 1, last),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * One Tab stop for a list of rows (the order book, recent trades): Tab enters at the row last
 * focused (else the first), the arrow keys, Home and End move between rows, Tab leaves. `keys`
 * are the rows' `data-row-key`s in the order they are shown, top to bottom.
 */
export function useRovingRows(keys: readonly string[]) {
  const [current, setCurrent] = useState<string | null>(null);
  const tabKey = current !== null && keys.includes(current) ? current : keys[0];
  return {
    tabKey,
    container: {
      onFocus: (e: FocusEvent<HTMLElement>) => {
        const key = e.target.dataset.rowKey;
        if (key) setCurrent(key);
      },
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        const step = STEPS[e.key];
        const at = keys.indexOf((e.target as HTMLElement).dataset.rowKey ?? '');
        if (!step || at < 0) return;
        e.preventDefault();
        const next = keys[step(at, keys.length - 1)] ?? '';
        e.currentTarget.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(next)}"]`)?.focus();
      },
    },
  };
}
