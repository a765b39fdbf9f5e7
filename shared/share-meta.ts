// A project's share meta (SPEC §2): one rule for the tags the server writes into the page and
// the ones the client sets when it opens a project, so a crawler and a browser see the same.
import { displayName } from './format';
import type { TMedia } from './schemas/media';
import type { TProject } from './schemas/project';

export interface TPageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of a 1200×630 image. */
  image?: string;
  keywords?: string[];
  type?: 'website' | 'article';
  author?: string;
  section?: string;
  tags?: string[];
  publishedTime?: string;
}

export interface TSite {
  siteName: string;
  /** Where the site is served from, without a trailing slash (PUBLIC_URL, or the browser's origin). */
  origin: string;
}

/** Search snippets and share cards cut descriptions long before this. */
const DESCRIPTION_MAX = 300;

type TShareableProject = Pick<TProject, 'id' | 'title' | 'description' | 'tags' | 'category' | 'categories' | 'createdAt' | 'media' | 'user' | 'isMature'>;

/** A project's share image, from its media (cover first): the cover's 1200×630 rendition, else a video's poster. */
export function coverShareImage(media: readonly Pick<TMedia, 'variants'>[]): string | undefined {
  const cover = media[0]?.variants;
  return cover?.og?.url ?? cover?.poster?.url;
}

/** 'title by name | site': the tab title and the share title. */
export function projectPageTitle(project: Pick<TProject, 'title' | 'user'>, siteName: string): string {
  return `${project.title} by ${displayName(project.user)} | ${siteName}`;
}

export function projectShareMeta(project: TShareableProject, site: TSite): TPageMeta {
  const author = displayName(project.user);
  // Without a still of its own, the API's redirect to the default image; a mature project's
  // redirect goes to its blurred still.
  const image = (!project.isMature && coverShareImage(project.media)) || `/api/projects/${project.id}/og-image`;
  const description = project.description?.trim() || `${project.title} — AI work by ${author} on ${site.siteName}`;
  return {
    title: projectPageTitle(project, site.siteName),
    description: description.slice(0, DESCRIPTION_MAX),
    url: `${site.origin}/project/${project.id}`,
    image: new URL(image, `${site.origin}/`).toString(),
    keywords: project.tags,
    type: 'article',
    author,
    section: project.categories[0] ?? project.category,
    tags: project.tags,
    publishedTime: project.createdAt,
  };
}

export type TMetaTag = [attribute: 'name' | 'property', key: string, content: string];

/** The meta tags for a page, in the order they are written (the canonical link aside). */
export function metaTagsOf(meta: TPageMeta, siteName: string): TMetaTag[] {
  const tags: TMetaTag[] = [
    ['name', 'description', meta.description],
    ['property', 'og:site_name', siteName],
    ['property', 'og:type', meta.type ?? 'website'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.keywords?.length) tags.push(['name', 'keywords', meta.keywords.join(', ')]);
  if (meta.image) {
    tags.push(['property', 'og:image', meta.image], ['property', 'og:image:width', '1200'], ['property', 'og:image:height', '630'], ['name', 'twitter:image', meta.image]);
  }
  if (meta.author) tags.push(['property', 'article:author', meta.author]);
  if (meta.section) tags.push(['property', 'article:section', meta.section]);
  if (meta.publishedTime) tags.push(['property', 'article:published_time', meta.publishedTime]);
  for (const tag of meta.tags ?? []) tags.push(['property', 'article:tag', tag]);
  return tags;
}
