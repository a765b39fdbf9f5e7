import { useEffect } from 'react';
import { DEFAULT_SITE_NAME } from '@shared/constants';

/** Sets the tab title to 'Page | Portfolio Platform', or the bare site name without a page. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} | ${DEFAULT_SITE_NAME}` : DEFAULT_SITE_NAME;
  }, [page]);
}
