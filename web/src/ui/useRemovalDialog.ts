import { useEffect, useRef, useState, type RefObject } from 'react';

/** The state of a dialog about one row that may remove that row (delete, detach, disconnect). */
export interface RemovalDialog<T> {
  /** What the dialog is about; null while it is closed. */
  item: T | null;
  open: (item: T) => void;
  close: () => void;
  /** The row is gone: the dialog closes, the focus goes to the list's heading, and `onRemoved` runs. */
  removed: () => void;
  /** For Mantine's Modal: hand the focus back to the opener, unless the opener's row was removed. */
  returnFocus: boolean;
}

/**
 * A dialog that may remove the row whose button opened it (a webhook deleted, a user detached,
 * an account disconnected, a post deleted). It cannot hand the focus back to that button, and
 * the browser would drop it at the top of the page, so it goes to the list's heading (the ref
 * returned, given tabIndex -1: focusable from here, not a tab stop) and a keyboard or
 * screen-reader user goes on from the list. A dialog closed otherwise returns the focus to its
 * opener, as Mantine's Modal does when it stays mounted. `onRemoved` runs after a removal (the
 * list is read again).
 */
export function useRemovalDialog<T, H extends HTMLElement = HTMLHeadingElement>(onRemoved?: () => void): [RefObject<H | null>, RemovalDialog<T>] {
  const heading = useRef<H>(null);
  const [item, setItem] = useState<T | null>(null);
  const [removed, setRemoved] = useState(false);
  useEffect(() => {
    if (removed) heading.current?.focus();
  }, [removed]);
  const dialog: RemovalDialog<T> = {
    item,
    open: (next) => {
      setRemoved(false);
      setItem(next);
    },
    close: () => setItem(null),
    removed: () => {
      setRemoved(true);
      setItem(null);
      onRemoved?.();
    },
    returnFocus: !removed,
  };
  return [heading, dialog];
}
