import type { TFollowResponse } from '../../../shared/schemas/project';
import type { TContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { findUserById } from '../auth/users.repo';
import { toggleFollowRow } from './social.repo';

export async function toggleFollow(ctx: TContext, followerId: number, followeeId: number): Promise<TFollowResponse> {
  if (followerId === followeeId) throw new AppError(400, 'You cannot follow yourself');
  if (!(await findUserById(ctx.db, followeeId))) throw notFound('Creator not found');
  return toggleFollowRow(ctx.db, followerId, followeeId, ctx.now());
}
