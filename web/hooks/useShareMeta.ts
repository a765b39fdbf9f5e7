// A page's own document metadata while it is open (title, description, share-preview tags), and
// what was there before once it is left, for any page meta the server writes into the page too
// (a project's from shared/share-meta.ts, a job's from shared/job-share-meta.ts).
import { useEffect } from 'react';
import { metaTagsOf, type TMetaTag, type TPageMeta } from '@shared/share-meta';
import { useSiteName } from '@/api/site';

function metaElement([attribute, key, content]: TMetaTag): HTMLMetaElement {
  const element = document.createElement('meta');
  element.setAttribute(attribute, key);
  element.content = content;
  return element;
}

function canonicalLink(href: string): HTMLLinkElement {
  const element = document.createElement('link');
  element.rel = 'canonical';
  element.href = href;
  return element;
}

function selectorOf(element: HTMLElement): string {
  if (element instanceof HTMLLinkElement) return 'link[rel="canonical"]';
  const attribute = element.hasAttribute('property') ? 'property' : 'name';
  return `meta[${attribute}="${element.getAttribute(attribute)}"]`;
}

/**
 * Tags the server wrote for the page it first answered (opened directly): once the visitor moves
 * on they describe nothing on screen, so they are not put back. Only the server writes a
 * canonical link.
 */
function describesFirstPage(element: HTMLElement): boolean {
  return element.hasAttribute('data-server-meta') || element.matches('link[rel="canonical"]');
}

/**
 * Sets the meta made by `make` (from the site's name and the browser's origin) while mounted;
 * undefined sets none. The tags it replaces are kept aside and put back on cleanup, and the
 * ones it added are removed, so leaving restores the head as it was (less the server's tags of
 * the page first opened, see above). `make` should keep its identity while the page is the same.
 */
export function useShareMeta(make: ((site: { siteName: string; origin: string }) => TPageMeta) | undefined): void {
  const siteName = useSiteName();
  useEffect(() => {
    if (!make) return;
    const previousTitle = document.title;
    const meta = make({ siteName, origin: window.location.origin });
    const added: HTMLElement[] = [...metaTagsOf(meta, siteName).map(metaElement), canonicalLink(meta.url)];
    const selectors = [...new Set(added.map(selectorOf))];
    const replaced = selectors.flatMap((selector) => [...document.head.querySelectorAll<HTMLElement>(selector)]);

    document.title = meta.title;
    for (const element of replaced) element.remove();
    document.head.append(...added);

    return () => {
      for (const element of added) element.remove();
      document.head.append(...replaced.filter((element) => !describesFirstPage(element)));
      document.title = previousTitle;
    };
  }, [make, siteName]);
}
