import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** How a pop-up is open: under the pointer (it closes when the pointer leaves), or chosen. */
type Openness = false | 'hover' | 'chosen';

/**
 * A pop-up panel of the top bar (the Trade menu, the account menu): it opens under the pointer,
 * or when its button is clicked or pressed (Enter, Space), never on focus alone, so Tab passes
 * it without wading through its links. A click on one the pointer opened keeps it open, a second
 * click closes it; Escape closes it and returns focus to the button; so does focus leaving it.
 * One chosen (clicked) is modal, as Radix's dropdown menus are: the page's `main` is inert
 * under it, so a click beside the panel closes it rather than acting on what the panel half
 * covers (nor can assistive technology or a touch land on that). One under the pointer leaves the
 * page alone. Spread `root` on the element holding button and panel, `trigger` on the button,
 * `panel` on the panel.
 */
export function usePopUp(onFirstOpen?: () => void) {
  const [open, setOpen] = useState<Openness>(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const show = (how: Openness) => {
    if (how && !open) onFirstOpen?.();
    setOpen(how);
  };
  useEffect(() => {
    const main = open === 'chosen' ? document.querySelector('main') : null;
    if (!main) return;
    main.inert = true;
    return () => {
      main.inert = false;
    };
  }, [open]);
  return {
    open: Boolean(open),
    close: () => show(false),
    root: {
      onMouseEnter: () => show(open || 'hover'),
      onMouseLeave: () => show(false),
      onBlur: (e: FocusEvent<HTMLElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget)) show(false);
      },
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        if (e.key !== 'Escape' || !open) return;
        show(false);
        button.current?.focus();
      },
    },
    trigger: {
      ref: button,
      type: 'button' as const,
      'aria-expanded': Boolean(open),
      'aria-controls': open ? panelId : undefined,
      onClick: () => show(open === 'chosen' ? false : 'chosen'),
    },
    panel: { id: panelId },
  };
}
