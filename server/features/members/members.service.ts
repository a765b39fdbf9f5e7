// What a member is to the site across modules: their public creator page (profile, figures
// and invite tree), their profile edits (their name is searchable on their projects), and
// leaving (everything they own goes, other members' counters stay right).
import type { TCreatorProfile } from '../../../shared/schemas/creator';
import type { TUpdateProfileRequest } from '../../../shared/schemas/profile';
import { inTransaction, invalidateAfterCommit, type TContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { changedByProfileEdit } from '../../lib/cache-tags';
import { deleteMember, memberProfile, updateProfile } from '../accounts/accounts.service';
import { deleteUnpaidJobsOf } from '../jobs/jobs.service';
import { deleteScheduledFiles } from '../projects/file-deletions.service';
import { creatorTotals, reindexCreator, removeMediaOfCreator, withdrawLikesBy } from '../projects/projects.service';
import { isBlockedBy } from '../social/blocks.service';
import { isFollowing, memberFigures } from '../social/social.service';
import { withdrawCommentsBy } from '../comments/comments.service';

export async function creatorProfile(ctx: TContext, userId: number, viewerId: number | null, { staff = false }: { staff?: boolean } = {}): Promise<TCreatorProfile> {
  const profile = await memberProfile(ctx, userId, { staff });
  if (!profile) throw notFound('Creator not found');
  const [totals, figures, following, blocked] = await Promise.all([creatorTotals(ctx, userId), memberFigures(ctx, userId), isFollowing(ctx, viewerId, userId), viewerId === null ? false : isBlockedBy(ctx, viewerId, userId)]);
  return {
    user: profile.user,
    stats: { projects: totals.projects, likes: totals.likes, views: totals.views, liked: figures.liked, followers: figures.followers, following: figures.following },
    isFollowing: following,
    isBlocked: blocked,
    invitedBy: profile.invitedBy,
  };
}

/** The profile and the search documents that carry the member's name change together. */
export async function editProfile(ctx: TContext, userId: number, input: TUpdateProfileRequest): Promise<UserRow> {
  return inTransaction(ctx, async (tx) => {
    const user = await updateProfile(tx, userId, input);
    const nameChanged = input.firstName !== undefined || input.lastName !== undefined;
    if (nameChanged) await reindexCreator(tx, userId);
    invalidateAfterCommit(tx, changedByProfileEdit({ userId, nameChanged }));
    return user;
  });
}

/**
 * The member goes with everything they own: sessions, unused codes, projects, media rows and
 * files, likes, follows, blocks and comments (cascades), with the like and comment counters of
 * others' projects corrected in the same transaction. Unpaid jobs go; paid ones stay up until they end, their poster
 * unlinked (shown as a former member). Codes they used stay as the record of the invite tree.
 * The media files are scheduled for deletion in that transaction and deleted after it commits.
 */
export async function leave(ctx: TContext, userId: number): Promise<void> {
  const files = await inTransaction(ctx, async (tx) => {
    await withdrawLikesBy(tx, userId);
    await withdrawCommentsBy(tx, userId);
    await deleteUnpaidJobsOf(tx, userId);
    const scheduled = await removeMediaOfCreator(tx, userId);
    await deleteMember(tx, userId);
    return scheduled;
  });
  await deleteScheduledFiles(ctx, files);
}
