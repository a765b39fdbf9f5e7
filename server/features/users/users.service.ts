import { TRENDING_CATEGORIES, UPLOAD_CATEGORIES } from '../../../shared/constants';
import { displayName } from '../../../shared/format';
import type { TCategorySummary, TCreatorProfile } from '../../../shared/schemas/creator';
import type { TContext } from '../../context';
import { notFound } from '../../http/errors';
import { findUserById, toPublicUser } from '../auth/users.repo';
import { categoryCounts, creatorStats, isFollowing } from './users.repo';

export async function creatorProfile(ctx: TContext, userId: number, viewerId: number | null): Promise<TCreatorProfile> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('Creator not found');
  const [stats, following, inviter] = await Promise.all([
    creatorStats(ctx.db, user.id),
    viewerId && viewerId !== user.id ? isFollowing(ctx.db, viewerId, user.id) : Promise.resolve(false),
    user.invited_by ? findUserById(ctx.db, user.invited_by) : Promise.resolve(undefined),
  ]);
  return {
    user: toPublicUser(user),
    stats,
    isFollowing: following,
    invitedBy: inviter ? { id: inviter.id, name: displayName({ firstName: inviter.first_name, lastName: inviter.last_name }) } : null,
  };
}

/** Every upload category with its real project and creator counts. */
export async function categorySummaries(ctx: TContext): Promise<TCategorySummary[]> {
  const counts = new Map((await categoryCounts(ctx.db)).map((row) => [row.category, row]));
  return UPLOAD_CATEGORIES.map((name) => ({
    name,
    projects: Number(counts.get(name)?.projects ?? 0),
    creators: Number(counts.get(name)?.creators ?? 0),
    trending: TRENDING_CATEGORIES.includes(name),
  }));
}
