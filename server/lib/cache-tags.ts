// The read cache's vocabulary: what a cached answer shows, and what each write changes, in the
// same words, so a write forgets the answers that show what it changed and nothing else. A tag
// names a thing (a project, a member) or what decides a list (which projects it holds, in what
// order). An answer's tags must cover everything a write could change in it; a write's tags,
// everything it changed that an answer shows.
import type { TCreatorProfile } from '../../shared/schemas/creator';
import type { TProject, TProjectSort } from '../../shared/schemas/project';
import type { TCacheTag } from './read-cache';

/** The project's fields and counters: its page, and each list that shows it. */
export const projectTag = (projectId: number): TCacheTag => `project:${projectId}`;
/** The member's public profile (name, picture, bio…) wherever it is shown: their projects, their page, the pages of those they invited. */
export const memberTag = (userId: number): TCacheTag => `member:${userId}`;
/** The creator page's figures (projects, likes, views, liked, followers, following), and which of their projects their list holds, in what order. */
export const creatorTag = (userId: number): TCacheTag => `creator:${userId}`;

/** What the member has liked and whom they follow, as their own pages mark it (isLiked, isFollowing): their own likes, follows and blocks change it, nobody else's. */
export const marksTag = (userId: number): TCacheTag => `marks:${userId}`;

/**
 * Who the member's sessions sign in, as their own requests see it (sessions.service.ts keeps it
 * for a few seconds): their account row (role, suspension, e-mail, choices…) and which of their
 * sessions live.
 */
export const accountTag = (userId: number): TCacheTag => `account:${userId}`;
/** One session, by its token's hash: ended at sign-out, or replaced at sign-in. */
export const sessionTag = (tokenHash: string): TCacheTag => `session:${tokenHash}`;

/** The member's collections: which there are, public or not, their names and what they hold. */
export const collectionsTag = (ownerId: number): TCacheTag => `collections:${ownerId}`;

/** Which projects there are, and which each gallery, category, similar and search list holds (a project's page not found yet, too). */
export const PROJECT_LISTS_TAG: TCacheTag = 'project-lists';
/** The order of lists by likes: trending, popular, similar (ties go to the more trending). */
export const LIKE_ORDER_TAG: TCacheTag = 'project-lists:likes';
/** Which projects a search finds beyond their own text: creator names are searched too. */
export const SEARCH_RESULTS_TAG: TCacheTag = 'search';
/** Projects and creators per category. */
export const CATEGORIES_TAG: TCacheTag = 'categories';
export const SITEMAP_TAG: TCacheTag = 'sitemap';
/** Members, projects, likes and views of the whole site. */
export const SITE_FIGURES_TAG: TCacheTag = 'site-figures';
/** The live job listings, their posters' names, their count. */
export const JOB_BOARD_TAG: TCacheTag = 'job-board';
/** Every creator page: each liker's 'liked' figure falls when a liked project goes. */
export const CREATOR_PAGES_TAG: TCacheTag = 'creator-pages';

/** For what no write changes: the configuration (GET /api/site), a view already counted today. */
export const UNTOUCHED_BY_WRITES: readonly TCacheTag[] = [];

// ——— What answers show ———

/** The sorts whose order a like changes; views move them too, which only the TTL bounds. */
const LIKE_ORDERED_SORTS: ReadonlySet<string> = new Set<TProjectSort>(['trending', 'popular']);

/** What decides the order of a list sorted this way (a gallery's sort, or a search's). */
export function orderTags(sort: TProjectSort | 'relevance'): TCacheTag[] {
  return LIKE_ORDERED_SORTS.has(sort) ? [LIKE_ORDER_TAG] : [];
}

/**
 * What a member has liked and whom they follow, as their own pages mark it (isLiked,
 * isFollowing): changed by each of their likes and follows (a block ends a follow), forgotten
 * with everything at an account's deletion. Not their creator tag: others liking their work or
 * following them change that, many times a minute for a creator people like.
 */
export function ownMarksTags(userId: number): TCacheTag[] {
  return [marksTag(userId)];
}

/**
 * Which projects a list holds and in what order, without their cards (kept apart, each under its
 * own project's tags: projectPageTags): what a new, edited, hidden or deleted project changes, the
 * likes that reorder it within LIKE_ORDER_LAG_MS, and, for an order by views, the TTL.
 */
export function listIdsTags(sort: TProjectSort | 'relevance'): TCacheTag[] {
  return [PROJECT_LISTS_TAG, ...orderTags(sort)];
}

/** A project's own answer: the project and its creator. */
export function projectPageTags(project: Pick<TProject, 'id' | 'user'>): TCacheTag[] {
  return [projectTag(project.id), memberTag(project.user.id)];
}

/** A list of projects: each project and creator shown, and what decides which are listed in what order. */
export function projectListTags(projects: readonly Pick<TProject, 'id' | 'user'>[], decidedBy: readonly TCacheTag[]): TCacheTag[] {
  const tags = new Set(decidedBy);
  for (const project of projects) {
    tags.add(projectTag(project.id));
    tags.add(memberTag(project.user.id));
  }
  return [...tags];
}

/** A creator's page: their profile and figures, and the name of who invited them. */
export function creatorPageTags(profile: Pick<TCreatorProfile, 'user' | 'invitedBy'>): TCacheTag[] {
  const tags = [memberTag(profile.user.id), creatorTag(profile.user.id), CREATOR_PAGES_TAG];
  if (profile.invitedBy) tags.push(memberTag(profile.invitedBy.id));
  return tags;
}

/**
 * A creator's public collections: the collections, their owner, and the projects in them (their
 * counts and covers: a project created, edited, hidden, marked mature or deleted forgets every
 * project list, and these with them).
 */
export function publicCollectionsTags(ownerId: number): TCacheTag[] {
  return [collectionsTag(ownerId), memberTag(ownerId), PROJECT_LISTS_TAG];
}

/**
 * A project's comments as a visitor sees them: the project (whose tag every comment added,
 * edited, deleted, hidden or restored names), each author shown (a new name, a suspension), and
 * which members' work is shown at all (a member back from suspension is not shown yet, so
 * nothing of theirs is in the tags: PROJECT_LISTS_TAG, which a suspension ending forgets).
 */
export function commentListTags(projectId: number, comments: readonly { author: { id: number } | null; replies: readonly { author: { id: number } | null }[] }[]): TCacheTag[] {
  const tags = new Set([projectTag(projectId), PROJECT_LISTS_TAG]);
  for (const comment of [...comments, ...comments.flatMap((shown) => shown.replies)]) if (comment.author) tags.add(memberTag(comment.author.id));
  return [...tags];
}

// ——— What writes change ———

/**
 * A like or unlike, at once: the project's count and place in every list that shows it (its
 * project tag), both members' figures. The orders by likes it also changes (lists the project
 * may enter or leave) and the site's like count are forgotten within LIKE_ORDER_LAG_MS:
 * `changedByLikesWithinLag`.
 */
export function changedByLike(like: { projectId: number; creatorId: number; likerId: number }): TCacheTag[] {
  return [projectTag(like.projectId), creatorTag(like.creatorId), creatorTag(like.likerId), marksTag(like.likerId)];
}

/**
 * How late a list ordered by likes may learn that a project not in it was liked into it (or an
 * unliked one out of another page's reach). Forgetting every trending and popular list at each
 * like emptied them many times a second under members' traffic; once a second instead.
 */
export const LIKE_ORDER_LAG_MS = 1000;
/**
 * What a like changes within LIKE_ORDER_LAG_MS (readCache.invalidateSoon): the orders by likes,
 * and the site figures' like count. Those figures are summed over every project (18 ms at
 * 100,000, on the reading thread): forgotten at each like, under 40 likes a second they were
 * read again for nearly every request and hardly ever kept (45 req/s, p50 1 s). Their views
 * already trail by up to the cache's TTL, and browsers keep them a minute (max-age=60).
 */
export const changedByLikesWithinLag = (): TCacheTag[] => [LIKE_ORDER_TAG, SITE_FIGURES_TAG];

/** A follow or unfollow: the followers of one, the following (and whom they follow) of the other. */
export function changedByFollow(follow: { followerId: number; followeeId: number }): TCacheTag[] {
  return [creatorTag(follow.followerId), creatorTag(follow.followeeId), marksTag(follow.followerId)];
}

/** A profile edit: everywhere the profile shows; a new name also changes what searches find and the job board's poster names. */
export function changedByProfileEdit(edit: { userId: number; nameChanged: boolean }): TCacheTag[] {
  return [memberTag(edit.userId), ...(edit.nameChanged ? [SEARCH_RESULTS_TAG, JOB_BOARD_TAG] : [])];
}

/** A new member: the site's member count. */
export function changedByNewMember(): TCacheTag[] {
  return [SITE_FIGURES_TAG];
}

/** A new project: every list it may enter, its creator's figures and list, categories, sitemap, site figures. */
export function changedByNewProject(project: { projectId: number; creatorId: number }): TCacheTag[] {
  return [projectTag(project.projectId), creatorTag(project.creatorId), PROJECT_LISTS_TAG, CATEGORIES_TAG, SITEMAP_TAG, SITE_FIGURES_TAG];
}

/** An edit: the project, the lists its title, tags and categories put it in, its creator's filtered list, categories, sitemap dates. */
export function changedByProjectEdit(project: { projectId: number; creatorId: number }): TCacheTag[] {
  return [projectTag(project.projectId), creatorTag(project.creatorId), PROJECT_LISTS_TAG, CATEGORIES_TAG, SITEMAP_TAG];
}

/** A deletion: as a new project, plus the 'liked' figure of every member who liked it. */
export function changedByProjectDeletion(project: { projectId: number; creatorId: number }): TCacheTag[] {
  return [...changedByNewProject(project), CREATOR_PAGES_TAG];
}

/** A job going live (paid): the job board. */
export function changedByJobGoingLive(): TCacheTag[] {
  return [JOB_BOARD_TAG];
}

/** A moderator hides, shows again or deletes a project: as a deletion for everyone else. */
export function changedByProjectModeration(project: { projectId: number; creatorId: number }): TCacheTag[] {
  return changedByProjectDeletion(project);
}

/**
 * A member suspended or back: every answer showing them or their work (their projects' pages
 * and every list carry their member tag), which projects and jobs lists hold, the figures.
 */
export function changedBySuspension(userId: number): TCacheTag[] {
  return [memberTag(userId), creatorTag(userId), PROJECT_LISTS_TAG, SEARCH_RESULTS_TAG, CATEGORIES_TAG, SITEMAP_TAG, SITE_FIGURES_TAG, CREATOR_PAGES_TAG, JOB_BOARD_TAG];
}

/** Views counted on a project's answers that turned out not to be new (another process had them): its count, on its page and cards. */
export function changedByViews(projectIds: readonly number[]): TCacheTag[] {
  return projectIds.map(projectTag);
}

/** A collection created, renamed, made public or private, filled, emptied or deleted: its owner's collections. */
export function changedByCollectionEdit(ownerId: number): TCacheTag[] {
  return [collectionsTag(ownerId)];
}

/** A comment added, edited, deleted, hidden or restored: the project's comments, and its comment count on its page and cards. */
export function changedByComment(comment: { projectId: number }): TCacheTag[] {
  return [projectTag(comment.projectId)];
}
