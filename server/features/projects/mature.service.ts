// Staff marking any project mature or not, whoever made it.
import type { TMarkMatureRequest, TProject } from '../../../shared/schemas/project';
import { inTransaction, invalidateAfterCommit, type TContext } from '../../context';
import { notFound } from '../../http/errors';
import { changedByProjectEdit } from '../../lib/cache-tags';
import { recordModerationAction } from '../moderation/moderation.service';
import { hydrateProjects } from './projects.service';
import { findProjectById, updateProjectRow } from './projects.repo';

/**
 * A moderator's or admin's call on a project's flag, with their reason (the audit log records
 * both, in this transaction). Authorization is the route's: requireStaff.
 */
export async function markProjectMature(ctx: TContext, staffId: number, projectId: number, input: Required<TMarkMatureRequest>): Promise<TProject> {
  const row = await inTransaction(ctx, async (tx) => {
    const project = await findProjectById(tx.db, projectId);
    if (!project) throw notFound('Project not found');
    await updateProjectRow(tx.db, project.id, { is_mature: input.isMature ? 1 : 0, updated_at: tx.now().toISOString() });
    await recordModerationAction(tx, {
      actorId: staffId,
      action: input.isMature ? 'mature' : 'not-mature',
      target: { type: 'project', id: project.id, label: project.title, ownerId: project.user_id },
      reason: input.reason,
    });
    invalidateAfterCommit(tx, changedByProjectEdit({ projectId: project.id, creatorId: project.user_id }));
    return { ...project, is_mature: input.isMature ? 1 : 0 };
  });
  const [project] = await hydrateProjects(ctx, [row], staffId);
  return project!;
}
