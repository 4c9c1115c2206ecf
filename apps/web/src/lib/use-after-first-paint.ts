import { startTransition, useEffect, useState } from 'react';

/**
 * False for the first frame, true once it has been painted: a screen renders its light parts
 * (the trading screen's header and order form) first, and its heavy ones (chart, book) after,
 * in a transition, which React renders in short slices.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The next frame's callback runs before that frame paints; the one after, once it has.
    let inner = 0;
    const outer = requestAnimationFrame(() => {
      inner = requestAnimationFrame(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(outer);
      cancelAnimationFrame(inner);
    };
  }, []);
  return painted;
}
