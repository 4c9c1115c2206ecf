import { useEffect, type RefObject } from 'react';

/**
 * Keeps focus in `container` when the element inside it that had focus is removed (a row logged
 * out or revoked, a button replaced once a setting changed): focus moves to `target()` (a heading
 * with tabIndex -1, say) instead of falling to the page's body, where the next Tab starts over.
 */
export function useFocusRescue(
  container: RefObject<HTMLElement | null>,
  target: () => HTMLElement | null | undefined,
) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    // What last had focus inside the container; cleared when focus goes elsewhere on the page
    // (a dialog the container opened hands it back to its opener, inside again).
    let last: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof Element && root.contains(event.target) ? event.target : null;
    };
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (!last || last.isConnected || (active && active !== document.body)) return;
      last = null;
      target()?.focus({ preventScroll: true });
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
    // `target` is read when focus is lost; a new function each render changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);
}
