// A project row and its parts as the API shows it (SPEC §3).
import type { TMediaVariants } from '../../../shared/schemas/media';
import type { TProject } from '../../../shared/schemas/project';
import type { TPublicUser } from '../../../shared/schemas/user';
import type { ProjectMediaRow, ProjectRow } from '../../db/schema';
import { toMedia } from './media.presenter';

/**
 * 'page' is a project's own answer; 'card' (lists) keeps only the cover's media details,
 * without AI metadata and with only the renditions a card draws: a card shows nothing else,
 * and a gallery page stays a few kilobytes.
 */
export type TProjectShape = 'page' | 'card';

/**
 * What a card draws (the client's ProjectMedia, 'card'): its size in WebP and AVIF, the file
 * itself when those are missing (and a video's source), a video's poster. The page's sizes and
 * the share image were 311 of a card's 866 bytes of media, 16 % of a gallery page.
 */
function cardRenditions({ full, card, cardAvif, poster }: TMediaVariants): TMediaVariants {
  return { full, ...(card && { card }), ...(cardAvif && { cardAvif }), ...(poster && { poster }) };
}

export interface TProjectParts {
  media: ProjectMediaRow[];
  tags: string[];
  creator: TPublicUser;
  viewerId: number | null;
  isLiked: boolean;
  isFollowing: boolean;
}

/** The categories of the stored comma-joined list (SPEC §3). */
export function categoriesOf(category: string): string[] {
  return category
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function toProject(row: ProjectRow, parts: TProjectParts, shape: TProjectShape): TProject {
  // The prompt and settings are the creator's to hide from everyone else.
  const showPrompt = row.hide_prompt === 0 || parts.viewerId === row.user_id;
  const media = (shape === 'card' ? parts.media.slice(0, 1) : parts.media).map((item) => {
    const api = toMedia(item);
    if (shape === 'card') return { ...api, variants: cardRenditions(api.variants), aiMetadata: null };
    return showPrompt ? api : { ...api, aiMetadata: null };
  });
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    categories: categoriesOf(row.category),
    images: parts.media.map((item) => item.url),
    media,
    tags: parts.tags,
    likes: row.likes_count,
    views: row.views_count,
    commentsCount: row.comments_count,
    isLiked: parts.isLiked,
    hidePrompt: row.hide_prompt === 1,
    isMature: row.is_mature === 1,
    createdAt: row.created_at,
    user: parts.creator,
    isFollowing: parts.isFollowing,
  };
}
