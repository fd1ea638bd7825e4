import { useEffect } from 'react';

/** Sets the document title, so each page is announced and listed by its name. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Post scheduler`;
  }, [title]);
}
