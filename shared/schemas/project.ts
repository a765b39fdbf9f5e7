import { z } from 'zod';
import { UPLOAD_CATEGORIES } from '../constants';
import { ZId, ZPageQuery, ZTimestamp } from './common';
import { ZMedia } from './media';
import { ZModerationNote, ZReason } from './moderation';
import { ZPublicUser } from './user';

export const MAX_MEDIA_PER_PROJECT = 10;
export const MAX_TAGS_PER_PROJECT = 20;

const ZTitle = z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(120, 'Title is too long');
const ZDescription = z
  .string()
  .trim()
  .max(5000, 'Description is too long')
  .transform((value) => (value === '' ? null : value))
  .nullish();

/** Tags: trimmed, empty and duplicate (case-insensitive) ones dropped, at least one. */
export const ZTags = z
  .array(z.string().max(40, 'Tags are at most 40 characters'), { error: 'At least one tag is required' })
  .transform((tags) => dedupeTags(tags))
  .pipe(z.array(z.string()).min(1, 'At least one tag is required').max(MAX_TAGS_PER_PROJECT, `At most ${MAX_TAGS_PER_PROJECT} tags`));

export function dedupeTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      result.push(tag);
    }
  }
  return result;
}

const CATEGORY_SET = new Set<string>(UPLOAD_CATEGORIES);

/** SPEC §3: on upload, category is the comma-joined list of the selected categories. */
export const ZCategoryList = z
  .string({ error: 'At least one category is required' })
  .transform((value) => [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))])
  .pipe(
    z
      .array(z.string().refine((category) => CATEGORY_SET.has(category), 'Unknown category'))
      .min(1, 'At least one category is required'),
  );

const ZMediaUrls = z
  .array(z.string().max(2048), { error: 'Please select at least one media file.' })
  .min(1, 'Please select at least one media file.')
  .max(MAX_MEDIA_PER_PROJECT, `At most ${MAX_MEDIA_PER_PROJECT} media files per project`);

export const ZCreateProjectRequest = z.object({
  title: ZTitle,
  description: ZDescription,
  category: ZCategoryList,
  images: ZMediaUrls,
  tags: ZTags,
  /** Mature content: blurred for whoever has not opted in, left out of visitors' lists. */
  isMature: z.boolean().default(false),
});
export type TCreateProjectRequest = z.infer<typeof ZCreateProjectRequest>;
/** What the client sends: category as the comma-joined string. */
export type TCreateProjectBody = z.input<typeof ZCreateProjectRequest>;

export const ZUpdateProjectRequest = z
  .object({
    title: ZTitle,
    description: ZDescription,
    category: ZCategoryList,
    /** The project's media in their new order; media left out are deleted. */
    images: ZMediaUrls,
    tags: ZTags,
    hidePrompt: z.boolean(),
    isMature: z.boolean(),
  })
  .partial();
export type TUpdateProjectRequest = z.infer<typeof ZUpdateProjectRequest>;
export type TUpdateProjectBody = z.input<typeof ZUpdateProjectRequest>;

/** The upload form: categories picked from a list, files chosen on the page. */
export const ZProjectForm = z.object({
  title: ZTitle,
  description: z.string().max(5000, 'Description is too long').optional(),
  categories: z.array(z.enum(UPLOAD_CATEGORIES)).min(1, 'At least one category is required'),
});
export type TProjectForm = z.input<typeof ZProjectForm>;

export const PROJECT_SORTS = ['trending', 'recent', 'popular', 'views'] as const;
export type TProjectSort = (typeof PROJECT_SORTS)[number];

/** A list of values given as `a,b` or as repeated parameters. */
const ZListParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : value ? [value] : [])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean)
      .slice(0, 20),
  );

export const ZListProjectsQuery = ZPageQuery.extend({
  sort: z.enum(PROJECT_SORTS).default('trending'),
  category: ZListParam,
  tag: ZListParam,
});
export type TListProjectsQuery = z.infer<typeof ZListProjectsQuery>;

/** Feeds of GET /api/projects: `following` is the newest work of the creators the member follows (members only). */
export const PROJECT_FEEDS = ['following'] as const;
export type TProjectFeed = (typeof PROJECT_FEEDS)[number];

/** GET /api/projects: the gallery's sorts, or with `feed=following` the member's Following feed (newest first, whatever the sort). */
export const ZGalleryQuery = ZListProjectsQuery.extend({ feed: z.enum(PROJECT_FEEDS).optional() });
export type TGalleryQuery = z.infer<typeof ZGalleryQuery>;

/** A project as every read answers it (SPEC §3 plus media details and follow state). */
export const ZProject = z
  .object({
    id: ZId,
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    /** The comma-joined categories as uploaded; `categories` has them as a list. */
    category: z.string(),
    categories: z.array(z.string()),
    /** Media URLs, cover first. */
    images: z.array(z.string()),
    /** Media details: all of them from a project's own endpoints; in lists the cover's only, without AI metadata. */
    media: z.array(ZMedia),
    tags: z.array(z.string()),
    likes: z.number().int(),
    views: z.number().int(),
    /** Visible comments and replies. */
    commentsCount: z.number().int(),
    /** Whether the viewer likes it (false when signed out). */
    isLiked: z.boolean(),
    hidePrompt: z.boolean(),
    /** Marked mature by its creator or by staff: blurred unless the viewer opted in. */
    isMature: z.boolean(),
    createdAt: ZTimestamp,
    /** The creator. */
    user: ZPublicUser,
    /** Whether the viewer follows the creator (false when signed out). */
    isFollowing: z.boolean(),
    /** Hidden by a moderator: why, on its page for its owner and staff (nobody else gets a hidden project). */
    moderation: ZModerationNote.nullable().optional(),
  })
  .meta({ id: 'Project' });
export type TProject = z.output<typeof ZProject>;

export const ZProjectList = z.array(ZProject);

/** POST /api/admin/projects/{id}/mature: staff mark or unmark any project, saying why. */
export const ZMarkMatureRequest = z.object({ isMature: z.boolean(), reason: ZReason });
export type TMarkMatureRequest = z.input<typeof ZMarkMatureRequest>;

/** GET /api/projects/random: where Explore jumps. */
export const ZProjectRef = z.object({ id: ZId, slug: z.string() });
export type TProjectRef = z.output<typeof ZProjectRef>;

export const ZLikeResponse = z.object({ liked: z.boolean(), newCount: z.number().int() });
export type TLikeResponse = z.output<typeof ZLikeResponse>;

export const ZFollowResponse = z.object({ following: z.boolean(), followers: z.number().int() });
export type TFollowResponse = z.output<typeof ZFollowResponse>;

// Defined beside the other constants, so the client can read list headers without loading zod.
export { PAGE_HEADERS } from '../constants';
