// Blocking: a member blocks another, who then cannot comment on the blocker's work, message or
// follow them, and whose comments the blocker no longer sees. The comments and messages modules
// ask isBlockedBy / blockedIdsOf; the follow refusal is in social.service.ts.
import type { TBlockedMember, TBlockState } from '../../../shared/schemas/comment';
import { MAX_BLOCKS } from '../../../shared/schemas/comment';
import { inTransaction, invalidateAfterCommit, type TContext } from '../../context';
import { AppError, notFound } from '../../http/errors';
import { decodeCursor, toPage, type TPage } from '../../http/paging';
import { changedByFollow } from '../../lib/cache-tags';
import { lockMember, memberExists, publicMembers } from '../accounts/accounts.service';
import { blockedIdsOf as blockedIdsRows, blockExists, countBlocksBy, deleteBlock, insertBlock, listBlocksPage } from './blocks.repo';
import { deleteFollow } from './social.repo';

const CANNOT_BLOCK_YOURSELF = 'You cannot block yourself';
export const TOO_MANY_BLOCKS = `You can block up to ${MAX_BLOCKS.toLocaleString('en-US')} members`;

export async function blockMember(ctx: TContext, blockerId: number, blockedId: number): Promise<TBlockState> {
  if (blockerId === blockedId) throw new AppError(400, CANNOT_BLOCK_YOURSELF);
  if (!(await memberExists(ctx, blockedId))) throw notFound('Member not found');
  return inTransaction(ctx, async (tx) => {
    // One block at a time per member, so parallel blocks cannot pass the bound together.
    await lockMember(tx, blockerId);
    if (await blockExists(tx.db, blockerId, blockedId)) return { blocked: true };
    if ((await countBlocksBy(tx.db, blockerId)) >= MAX_BLOCKS) throw new AppError(400, TOO_MANY_BLOCKS);
    await insertBlock(tx.db, blockerId, blockedId, ctx.now().toISOString());
    if (await deleteFollow(tx.db, blockedId, blockerId)) invalidateAfterCommit(tx, changedByFollow({ followerId: blockedId, followeeId: blockerId }));
    return { blocked: true };
  });
}

export async function unblockMember(ctx: TContext, blockerId: number, blockedId: number): Promise<TBlockState> {
  if (blockerId === blockedId) throw new AppError(400, CANNOT_BLOCK_YOURSELF);
  await deleteBlock(ctx.db, blockerId, blockedId);
  return { blocked: false };
}

/** Whether `blockerId` blocked `otherId` (never, for a visitor). */
export async function isBlockedBy(ctx: Pick<TContext, 'db'>, blockerId: number, otherId: number | null): Promise<boolean> {
  if (otherId === null || otherId === blockerId) return false;
  return blockExists(ctx.db, blockerId, otherId);
}

/** Everyone the member blocked (bounded by MAX_BLOCKS); none for a visitor. */
export async function blockedIdsOf(ctx: Pick<TContext, 'db'>, userId: number | null): Promise<number[]> {
  return userId === null ? [] : blockedIdsRows(ctx.db, userId);
}

/** The members this member blocked, most recent first. */
export async function listBlockedMembers(ctx: TContext, userId: number, page: { limit: number; cursor?: string | undefined }): Promise<TPage<TBlockedMember>> {
  const rows = await listBlocksPage(ctx.db, userId, page.limit, decodeCursor(page.cursor));
  return toPage(
    rows,
    page.limit,
    (row) => [row.created_at, row.blocked_id],
    async (pageRows) => {
      const members = await publicMembers(ctx, pageRows.map((row) => row.blocked_id));
      return pageRows.flatMap((row) => {
        const member = members.get(row.blocked_id);
        return member ? [{ user: { id: member.id, name: member.name, profileImageUrl: member.profileImageUrl }, blockedAt: row.created_at }] : [];
      });
    },
  );
}
