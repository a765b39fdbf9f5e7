// Every route's head (issue 6): the tab title and the meta description that search results and share previews quote.
import { useEffect } from 'react';
import { useSiteName } from '@/api/site';

/** The site-wide description, as in index.html: for pages that have nothing more specific to say. */
export const DEFAULT_DESCRIPTION = "Discover the world's top AI creators: an invitation-only portfolio gallery and job board.";

function setMetaDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/** Sets the tab title to 'Page | Site name' (the bare site name without a page) and the meta description. */
export function useDocumentTitle(page?: string, description: string = DEFAULT_DESCRIPTION): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = [page, siteName].filter(Boolean).join(' | ');
    setMetaDescription(description);
  }, [page, siteName, description]);
}
