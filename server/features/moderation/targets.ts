// What moderation can act on, one adapter per target type; each calls the owning module's
// service.
import type { TReportTarget } from '../../../shared/schemas/moderation';
import type { TContext } from '../../context';
import { AppError } from '../../http/errors';
import { memberForModeration } from '../accounts/accounts.service';
import { isSuspended } from '../accounts/suspension';
import { memberName } from '../accounts/user.presenter';
import { deleteCommentByModerator, describeComment, hideComment, restoreComment } from '../comments/comments.service';
import { jobForModeration, removeJobForModeration, setJobModeration } from '../jobs/jobs.service';
import { deleteFilesOfRemovedProject, isProjectVisibleTo, projectForModeration, removeProjectForModeration, setProjectModeration } from '../projects/projects.service';

/** A target as the queue shows it, before its owner's name is looked up. */
export interface TTargetDescription {
  label: string;
  url: string | null;
  ownerId: number | null;
  hidden: boolean;
}

export interface TTargetAdapter {
  /** What it is now; null once it is gone. */
  describe(ctx: TContext, id: number): Promise<TTargetDescription | null>;
  /** Whether this member can see it (so may report it): its owner's id, or null when it is not there for them (404). */
  reportable(ctx: TContext, id: number, viewer: { userId: number; staff: boolean }): Promise<{ ownerId: number | null } | null>;
  /** Inside the action's transaction. */
  hide(tx: TContext, id: number, reason: string): Promise<void>;
  restore(tx: TContext, id: number): Promise<void>;
  /** Deletes it inside the action's transaction; what is left to do once that has committed (files), outside it. */
  remove(tx: TContext, id: number): Promise<(ctx: TContext) => Promise<void>>;
}

const NOTHING_AFTER = async () => {};
const USE_SUSPEND = () => {
  throw new AppError(400, 'A member can only be dismissed here; suspend them instead');
};

const project: TTargetAdapter = {
  async describe(ctx, id) {
    const found = await projectForModeration(ctx, id);
    return found ? { label: found.title, url: `/project/${found.slug}`, ownerId: found.ownerId, hidden: !found.listed } : null;
  },
  async reportable(ctx, id, viewer) {
    const found = await projectForModeration(ctx, id);
    return found && (await isProjectVisibleTo(ctx, id, viewer)) ? { ownerId: found.ownerId } : null;
  },
  hide: (tx, id, reason) => setProjectModeration(tx, id, { reason }),
  restore: (tx, id) => setProjectModeration(tx, id, null),
  async remove(tx, id) {
    const scheduled = await removeProjectForModeration(tx, id);
    return (ctx) => deleteFilesOfRemovedProject(ctx, scheduled);
  },
};

const job: TTargetAdapter = {
  async describe(ctx, id) {
    const found = await jobForModeration(ctx, id);
    return found ? { label: found.title, url: `/jobs/${id}`, ownerId: found.ownerId, hidden: found.hidden } : null;
  },
  async reportable(ctx, id, viewer) {
    const found = await jobForModeration(ctx, id);
    if (!found) return null;
    return found.shown || viewer.staff || found.ownerId === viewer.userId ? { ownerId: found.ownerId } : null;
  },
  hide: (tx, id, reason) => setJobModeration(tx, id, { reason }),
  restore: (tx, id) => setJobModeration(tx, id, null),
  async remove(tx, id) {
    await removeJobForModeration(tx, id);
    return NOTHING_AFTER;
  },
};

const member: TTargetAdapter = {
  async describe(ctx, id) {
    const found = await memberForModeration(ctx, id);
    return found ? { label: memberName(found), url: `/creator/${id}`, ownerId: id, hidden: isSuspended(found, ctx.now()) } : null;
  },
  async reportable(ctx, id) {
    return (await memberForModeration(ctx, id)) ? { ownerId: id } : null;
  },
  hide: async () => USE_SUSPEND(),
  restore: async () => USE_SUSPEND(),
  remove: async () => USE_SUSPEND(),
};

const comment: TTargetAdapter = {
  async describe(ctx, id) {
    const found = await describeComment(ctx, id);
    return found && !found.deleted ? { label: found.label, url: found.url, ownerId: found.owner?.id ?? null, hidden: found.hidden } : null;
  },
  async reportable(ctx, id, viewer) {
    const found = await describeComment(ctx, id);
    // A deleted comment, or one on a project that is gone, is nothing to report.
    if (!found || found.deleted || found.url === null) return null;
    const ownerId = found.owner?.id ?? null;
    return !found.hidden || viewer.staff || ownerId === viewer.userId ? { ownerId } : null;
  },
  async hide(tx, id, reason) {
    await hideComment(tx, id, reason);
  },
  async restore(tx, id) {
    await restoreComment(tx, id);
  },
  async remove(tx, id) {
    await deleteCommentByModerator(tx, id);
    return NOTHING_AFTER;
  },
};

export const TARGETS: Record<TReportTarget, TTargetAdapter> = { project, job, member, comment };

export function targetAdapter(type: TReportTarget): TTargetAdapter {
  return TARGETS[type];
}
