import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Set by `requestFocusOnArrival`, taken by the next page title that sees a navigation. */
let requested = false;
/** Whether this document has navigated yet: its first page keeps the browser's focus start. */
let navigated = false;
/**
 * The navigation (location key) whose arrival was handled: a title that mounts again on the same
 * page (its content loaded) does not take the focus from where the user already is.
 */
let handledKey: string | null = null;

/**
 * The next page title takes the focus, wherever the focus is: for a navigation that also closes
 * a drawer or dialog, whose focus return (to the button that opened it) would otherwise keep it.
 * Call it right before navigating.
 */
export function requestFocusOnArrival(): void {
  requested = true;
}

/**
 * Whether the focus already is where the work continues: on a control of the page (the new
 * page's own autofocus, a tab that switched the phase) or in a dialog a route opened.
 */
function focusIsPlaced(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return false;
  // A dialog, or a menu or list opened from the page (they live in portals outside main).
  if (active.closest('[role="dialog"], [role="menu"], [role="listbox"], .MuiPopover-root')) {
    return true;
  }
  const main = active.closest('main');
  return main !== null && main !== active;
}

/**
 * Moves the focus to `target` (the page's h1, focusable from script) when the user arrives on a
 * page (issue 18.4): after a link, a save that opens the new audit, the stepper's Continue, a
 * sign-in. Without it the focus was left on the page body once the control that navigated was
 * gone, and the next Tab started over at the top bar. It stays where it is when the page or a
 * dialog placed it, when only the query changed (search, filters, year), and on the document's
 * first page.
 */
export function FocusOnArrival({ target }: { target: RefObject<HTMLElement | null> }) {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef<string | null>(null);

  // In the commit that shows the page, not after paint: a busy tablet may run passive effects
  // late, and a control of the page that focuses itself on mount comes later and still wins.
  useLayoutEffect(() => {
    const element = target.current;
    if (!element) return;
    const arrived = shownPath.current !== pathname;
    shownPath.current = pathname;
    const handled = handledKey === key;
    handledKey = key;
    if (navigationType !== 'POP') navigated = true;
    if (requested) {
      requested = false;
      element.focus();
    } else if (handled) {
      // Only when the title that had the focus was replaced and took it along.
      if (arrived && document.activeElement === document.body) element.focus();
    } else if (arrived && navigated && !focusIsPlaced()) {
      element.focus();
    }
  }, [target, pathname, key, navigationType]);

  return null;
}
