// Per-project document metadata (SPEC §2): title, description, keywords, article and share-preview
// tags while the project page is open, and exactly what was there before once it is left.
import { useEffect } from 'react';
import { DEFAULT_SITE_NAME } from '@shared/constants';
import { displayName } from '@shared/format';
import type { TProject } from '@shared/schemas/project';

type TMetaAttribute = 'name' | 'property';

interface THeadTag {
  /** Finds the tags of this kind already in the head (the server's, index.html's or another page's). */
  selector: string;
  create: () => HTMLElement;
}

function metaTag(attribute: TMetaAttribute, key: string, content: string): THeadTag {
  return {
    selector: `meta[${attribute}="${key}"]`,
    create: () => {
      const element = document.createElement('meta');
      element.setAttribute(attribute, key);
      element.content = content;
      return element;
    },
  };
}

function canonicalLink(href: string): THeadTag {
  return {
    selector: 'link[rel="canonical"]',
    create: () => {
      const element = document.createElement('link');
      element.rel = 'canonical';
      element.href = href;
      return element;
    },
  };
}

/** The project's 1200×630 share image as an absolute URL: the cover's og rendition, else the API's. */
function shareImageUrl(project: Pick<TProject, 'id' | 'media'>, origin: string): string {
  const path = project.media[0]?.variants.og?.url ?? `/api/projects/${project.id}/og-image`;
  return new URL(path, `${origin}/`).toString();
}

function projectPageTitle(project: Pick<TProject, 'title' | 'user'>): string {
  return `${project.title} by ${displayName(project.user)} | ${DEFAULT_SITE_NAME}`;
}

function headTagsFor(project: TProject, origin: string): THeadTag[] {
  const creator = displayName(project.user);
  const title = projectPageTitle(project);
  const description = project.description?.trim() || `${project.title} — AI work by ${creator} on ${DEFAULT_SITE_NAME}`;
  const url = `${origin}/project/${project.id}`;
  const image = shareImageUrl(project, origin);
  const section = project.categories[0] ?? project.category;
  return [
    metaTag('name', 'description', description),
    metaTag('name', 'keywords', project.tags.join(', ')),
    metaTag('property', 'article:author', creator),
    metaTag('property', 'article:section', section),
    metaTag('property', 'article:published_time', project.createdAt),
    ...project.tags.map((tag) => metaTag('property', 'article:tag', tag)),
    metaTag('property', 'og:site_name', DEFAULT_SITE_NAME),
    metaTag('property', 'og:type', 'article'),
    metaTag('property', 'og:title', title),
    metaTag('property', 'og:description', description),
    metaTag('property', 'og:url', url),
    metaTag('property', 'og:image', image),
    metaTag('property', 'og:image:width', '1200'),
    metaTag('property', 'og:image:height', '630'),
    metaTag('name', 'twitter:card', 'summary_large_image'),
    metaTag('name', 'twitter:title', title),
    metaTag('name', 'twitter:description', description),
    metaTag('name', 'twitter:image', image),
    canonicalLink(url),
  ];
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
  useEffect(() => {
    if (!project) return;
    const previousTitle = document.title;
    const tags = headTagsFor(project, window.location.origin);
    const selectors = [...new Set(tags.map((tag) => tag.selector))];
    const replaced = selectors.flatMap((selector) => [...document.head.querySelectorAll<HTMLElement>(selector)]);
    const added = tags.map((tag) => tag.create());

    document.title = projectPageTitle(project);
    for (const element of replaced) element.remove();
    document.head.append(...added);

    return () => {
      for (const element of added) element.remove();
      document.head.append(...replaced.filter((element) => !describesFirstPage(element)));
      document.title = previousTitle;
    };
  }, [project]);
}
