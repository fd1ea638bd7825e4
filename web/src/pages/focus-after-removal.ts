import { useEffect, useRef, useState } from 'react';

/**
 * Where the focus goes when a dialog removed the row whose button opened it (a webhook deleted, a
 * user detached, an account disconnected, a post deleted): the dialog cannot hand it back to
 * that button, and the browser would drop it at the top of the page. It goes to the list's
 * heading instead (`target`, given tabIndex -1: focusable from here, not a tab stop), so a
 * keyboard or screen-reader user goes on from the list.
 *
 * `returnFocus` is for a dialog that stays mounted (Mantine's Modal gives the focus back to its
 * opener unless told not to); `opening()` before showing the dialog again turns that back on.
 */
export function useFocusAfterRemoval<T extends HTMLElement>() {
  const target = useRef<T>(null);
  const [removed, setRemoved] = useState(false);
  useEffect(() => {
    if (removed) target.current?.focus();
  }, [removed]);
  return {
    target,
    returnFocus: !removed,
    opening: () => setRemoved(false),
    removed: () => setRemoved(true),
  };
}
