// Per-project document metadata (SPEC §2): title, description, keywords, article and share-preview
// tags while the project page is open, and exactly what was there before once it is left. The
// tags come from shared/share-meta.ts, the rule the server writes them into the page by.
import { useEffect } from 'react';
import type { TProject } from '@shared/schemas/project';
import { metaTagsOf, projectShareMeta, type TMetaTag } from '@shared/share-meta';
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

/** Finds the tags of the same kind already in the head (the server's, index.html's or another page's). */
function selectorOf(element: HTMLElement): string {
  if (element instanceof HTMLLinkElement) return 'link[rel="canonical"]';
  const attribute = element.hasAttribute('property') ? 'property' : 'name';
  return `meta[${attribute}="${element.getAttribute(attribute)}"]`;
}

/**
 * Tags the server wrote for the page it first answered (this project, opened directly): once
 * the visitor moves on they describe nothing on screen, so they are not put back. Only the
 * server writes a canonical link.
 */
function describesFirstPage(element: HTMLElement): boolean {
  return element.hasAttribute('data-server-meta') || element.matches('link[rel="canonical"]');
}

/**
 * Sets the project's metadata while mounted. The tags it replaces are kept aside and put back
 * on cleanup, and the ones it added are removed, so leaving restores the head as it was
 * (less the server's tags for a project page opened directly, see above).
 */
export function useProjectMeta(project: TProject | undefined): void {
  const siteName = useSiteName();
  useEffect(() => {
    if (!project) return;
    const previousTitle = document.title;
    const meta = projectShareMeta(project, { siteName, origin: window.location.origin });
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
  }, [project, siteName]);
}
