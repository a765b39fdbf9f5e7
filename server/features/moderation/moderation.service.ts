// Reports and moderation: members report; staff work the queue (dismiss, hide, restore,
// delete), suspend and lift suspensions; admins restore the right to invite and set roles.
// Every action goes through recordModerationAction, in the action's own transaction.
import { DAY_MS } from '../../../shared/constants';
import {
  INVITE_RIGHT_LOST_NOTE,
  type TAdminFigures,
  type TAdminMember,
  type TAdminMemberSummary,
  type TAuditEntry,
  type TModerateRequest,
  type TReport,
  type TReportedTarget,
  type TReportGroup,
  type TReportRequest,
  type TReportTarget,
} from '../../../shared/schemas/moderation';
import { isStaff, type TRole } from '../../../shared/roles';
import { inTransaction, type TContext } from '../../context';
import { isUniqueViolation } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../http/errors';
import { decodeCursor, toPage, type TPage } from '../../http/paging';
import {
  countAdmins,
  countSuspendedInvitees,
  endedSuspensions,
  inviteesOf,
  liftAccountSuspension,
  memberForModeration,
  memberNames,
  membersPage,
  setInviteRight,
  setRole,
  suspendAccount,
} from '../accounts/accounts.service';
import { revokeUnusedCodesOf, unusedCodesOf } from '../accounts/invitations.service';
import { endSessionsOf } from '../accounts/sessions.service';
import { isSuspended } from '../accounts/suspension';
import { memberName } from '../accounts/user.presenter';
import { setPosterSuspendedJobs } from '../jobs/jobs.service';
import { creatorTotals, setCreatorSuspended } from '../projects/projects.service';
import { activeMembersPerDay, mediaBytes, outboxBacklog, paidJobTotals, signupsPerDay, uploadsPerDay } from './figures.repo';
import { refOrFormer, toAuditEntry, toMemberRef, toMemberSummary, toReport } from './moderation.presenter';
import {
  countOpenReports,
  countReportOnTarget,
  insertAuditEntry,
  insertReport,
  listAuditPage,
  listQueuePage,
  openReasonCounts,
  openReportsOf,
  openReportsOnMembers,
  resolveReportsOn,
  type TQueueCursor,
  type TTargetKey,
} from './moderation.repo';
import { notify } from '../notifications/notifications.service';
import { targetAdapter, type TTargetDescription } from './targets';

export const ALREADY_REPORTED = 'You have already reported this';
export const OWN_WORK = 'You cannot report yourself or your own work';
/** A group in the queue shows its latest ten reports. */
const REPORTS_PER_GROUP = 10;
/** The invite tree: this many invitees suspended for cause and the inviter loses the right to invite. */
export const SUSPENDED_INVITEES_LIMIT = 2;
/** The member page lists this many invitees at most (INVITES_PER_USER keeps it far below). */
const INVITEES_SHOWN = 200;
const FIGURE_DAYS = 30;
/** Ended timed suspensions lifted per run of the task. */
const ENDED_SUSPENSIONS_BATCH = 100;
const DELETED_LABEL = '(deleted)';

/** Who acted (null: the site itself, e.g. a timed suspension ending) and on what. */
export interface TModerationAction {
  actorId: number | null;
  action: string;
  target: { type: TReportTarget; id: number; label: string; ownerId: number | null };
  reason: string;
}

/**
 * The one place every moderation action passes, inside its transaction: it writes the audit
 * entry (who, when, what, why). The owner's notification of the outcome belongs here too.
 */
export async function recordModerationAction(tx: Pick<TContext, 'db' | 'now' | 'config'>, action: TModerationAction): Promise<void> {
  await insertAuditEntry(tx.db, {
    actorId: action.actorId,
    action: action.action,
    targetType: action.target.type,
    targetId: action.target.id,
    targetLabel: action.target.label,
    reason: action.reason,
    now: tx.now(),
  });
  await tellOwner(tx, action);
}

/** The outcomes an owner hears of (a dismissed report, a role or the mature mark are not news to them). */
const OWNER_NOTICES = new Set(['hide', 'restore', 'delete', 'suspend', 'unsuspend']);
const OWNED_AS: Record<TReportTarget, string> = { project: 'Your project', comment: 'Your comment', job: 'Your job listing', member: 'Your account' };

async function tellOwner(tx: Pick<TContext, 'db' | 'now' | 'config'>, { action, target, reason }: TModerationAction): Promise<void> {
  if (target.ownerId === null || !OWNER_NOTICES.has(action)) return;
  const label = target.type === 'project' || target.type === 'job' ? `${OWNED_AS[target.type]} ${target.label}` : OWNED_AS[target.type];
  // A deleted project takes its notifications with it (cascade): that notice names it, links nowhere.
  const projectId = target.type === 'project' && action !== 'delete' ? target.id : null;
  await notify(tx, { userId: target.ownerId, type: 'moderation', actorId: null, projectId, data: { action, label, reason } });
}

// ——— Reports ———

/** A member reports something they can see: one open report each per target (409), never their own work (400). */
export async function fileReport(ctx: TContext, reporter: UserRow, input: TReportRequest): Promise<TReport> {
  const target: TTargetKey = { type: input.targetType, id: input.targetId };
  const found = await targetAdapter(target.type).reportable(ctx, target.id, { userId: reporter.id, staff: isStaff(reporter.role) });
  if (!found) throw notFound();
  if (found.ownerId === reporter.id) throw new AppError(400, OWN_WORK);
  try {
    return await inTransaction(ctx, async (tx) => {
      const now = tx.now();
      const row = await insertReport(tx.db, { reporterId: reporter.id, target, reason: input.reason, note: input.note ?? '', now });
      await countReportOnTarget(tx.db, target, input.reason === 'csam', now);
      return toReport(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, ALREADY_REPORTED);
    throw error;
  }
}

async function describeTarget(ctx: TContext, target: TTargetKey): Promise<TTargetDescription | null> {
  return targetAdapter(target.type).describe(ctx, target.id);
}

function reportedTarget(target: TTargetKey, found: TTargetDescription | null, names: Map<number, string>): TReportedTarget {
  if (!found) return { type: target.type, id: target.id, label: DELETED_LABEL, url: null, owner: null, hidden: false, deleted: true };
  return { type: target.type, id: target.id, label: found.label, url: found.url, owner: refOrFormer(found.ownerId, names), hidden: found.hidden, deleted: false };
}

const queueCursor = (raw: string | undefined): TQueueCursor | undefined => {
  const cursor = decodeCursor(raw);
  if (!cursor) return undefined;
  const [csam, count, firstAt] = String(cursor[0]).split('|');
  if (!firstAt || !/^[01]$/.test(csam ?? '') || !/^\d{1,9}$/.test(count ?? '')) throw new AppError(400, 'Invalid cursor');
  return [Number(csam), Number(count), firstAt, cursor[1]];
};

/** Open reports grouped by target: csam first, then most reports, then oldest. */
export async function reportQueue(ctx: TContext, page: { limit: number; cursor?: string | undefined }): Promise<TPage<TReportGroup>> {
  const rows = await listQueuePage(ctx.db, page.limit, queueCursor(page.cursor));
  const cursorOf = (row: (typeof rows)[number]) => [`${row.csam}|${row.open_count}|${row.first_at}`, row.id] as [string, number];
  return toPage(rows, page.limit, cursorOf, async (pageRows) => {
    const targets = pageRows.map((row) => ({ type: row.target_type, id: row.target_id }));
    const [described, reports, reasons] = await Promise.all([
      Promise.all(targets.map((target) => describeTarget(ctx, target).catch(() => null))),
      openReportsOf(ctx.db, targets, REPORTS_PER_GROUP),
      Promise.all(targets.map((target) => openReasonCounts(ctx.db, target))),
    ]);
    const names = await memberNames(ctx, [...reports.map((report) => report.reporter_id), ...described.flatMap((found) => (found?.ownerId ? [found.ownerId] : []))]);
    return pageRows.map((row, index) => {
      const own = reports.filter((report) => report.target_type === row.target_type && report.target_id === row.target_id);
      const counts = reasons[index]!;
      return {
        target: reportedTarget(targets[index]!, described[index]!, names),
        count: counts.reduce((sum, reason) => sum + reason.count, 0),
        reasons: counts,
        firstAt: row.first_at,
        latestAt: row.latest_at,
        reports: own.map((report) => ({ id: report.id, reason: report.reason, note: report.note, reporter: refOrFormer(report.reporter_id, names)!, createdAt: report.created_at })),
      };
    });
  });
}

// ——— Actions on projects, jobs, comments (and dismissing reports on members) ———

/** Acts on a target, resolves its open reports and records the action; the target as it is now. */
export async function moderate(ctx: TContext, actor: UserRow, input: TModerateRequest): Promise<TReportedTarget> {
  const target: TTargetKey = { type: input.targetType, id: input.targetId };
  const adapter = targetAdapter(target.type);
  const before = await adapter.describe(ctx, target.id);
  if (!before && input.action !== 'dismiss') throw notFound();
  if (target.type === 'member' && input.action !== 'dismiss') throw new AppError(400, 'A member can only be dismissed here; suspend them instead');
  const afterCommit = await inTransaction(ctx, async (tx) => {
    let after = async (_ctx: TContext) => {};
    if (input.action === 'hide') await adapter.hide(tx, target.id, input.reason);
    if (input.action === 'restore') await adapter.restore(tx, target.id);
    if (input.action === 'delete') after = await adapter.remove(tx, target.id);
    await resolveReportsOn(tx.db, target, tx.now());
    await recordModerationAction(tx, {
      actorId: actor.id,
      action: input.action,
      target: { ...target, label: before?.label ?? DELETED_LABEL, ownerId: before?.ownerId ?? null },
      reason: input.reason,
    });
    return after;
  });
  await afterCommit(ctx);
  const now = input.action === 'delete' ? null : await adapter.describe(ctx, target.id);
  return reportedTarget(target, now, await memberNames(ctx, now?.ownerId ? [now.ownerId] : []));
}

// ——— Members: suspension, the invite tree, roles ———

async function memberOr404(ctx: TContext, memberId: number): Promise<UserRow> {
  const member = await memberForModeration(ctx, memberId);
  if (!member) throw notFound('Member not found');
  return member;
}

/** Moderators act on members; only admins on staff; nobody on themself. */
function assertMayActOn(actor: UserRow, member: UserRow, what: string): void {
  if (actor.id === member.id) throw new AppError(400, `You cannot ${what} yourself`);
  if (actor.role !== 'admin' && isStaff(member.role)) throw forbidden(`Only an admin can ${what} a moderator or admin`);
}

const memberTarget = (member: UserRow) => ({ type: 'member' as const, id: member.id, label: memberName(member), ownerId: member.id });

/** Their work is hidden from everyone but staff while they are suspended, and back when it ends. */
async function setWorkSuspended(tx: TLiftContext, memberId: number, suspended: boolean): Promise<void> {
  await setCreatorSuspended(tx, memberId, suspended);
  await setPosterSuspendedJobs(tx, memberId, suspended);
}

/**
 * The invite tree held accountable: once SUSPENDED_INVITEES_LIMIT of a member's invitees have
 * been suspended, they lose the right to invite (their unused codes stop working) until an admin restores it.
 */
async function holdInviterAccountable(tx: TContext, actorId: number, suspended: UserRow): Promise<void> {
  if (suspended.invited_by === null) return;
  const inviter = await memberForModeration(tx, suspended.invited_by);
  if (!inviter || inviter.can_invite === 0) return;
  if ((await countSuspendedInvitees(tx, inviter.id)) < SUSPENDED_INVITEES_LIMIT) return;
  await setInviteRight(tx, inviter.id, false, INVITE_RIGHT_LOST_NOTE, tx.now());
  await revokeUnusedCodesOf(tx, inviter.id);
  await recordModerationAction(tx, { actorId, action: 'invite-right', target: memberTarget(inviter), reason: INVITE_RIGHT_LOST_NOTE });
}

/** Suspends a member until a time or for good: every session ends at once, their work is hidden, optionally their unused codes revoked. */
export async function suspendMember(ctx: TContext, actor: UserRow, memberId: number, input: { until?: string | null | undefined; reason: string; revokeCodes: boolean }): Promise<TAdminMember> {
  const member = await memberOr404(ctx, memberId);
  assertMayActOn(actor, member, 'suspend');
  const now = ctx.now();
  const until = input.until ? new Date(input.until) : null;
  if (until && until.getTime() <= now.getTime()) throw new AppError(400, 'A suspension must end in the future');
  await inTransaction(ctx, async (tx) => {
    const firstTime = member.was_suspended === 0;
    const suspended = await suspendAccount(tx, member.id, { at: now, until: until?.toISOString() ?? null, reason: input.reason });
    await endSessionsOf(tx, member.id);
    await setWorkSuspended(tx, member.id, true);
    await recordModerationAction(tx, { actorId: actor.id, action: 'suspend', target: memberTarget(member), reason: input.reason });
    if (input.revokeCodes) {
      await revokeUnusedCodesOf(tx, member.id);
      await recordModerationAction(tx, { actorId: actor.id, action: 'revoke-codes', target: memberTarget(member), reason: input.reason });
    }
    if (firstTime) await holdInviterAccountable(tx, actor.id, suspended);
  });
  return adminMember(ctx, member.id);
}

/** What lifting a suspension needs: the periodic task has no more than this. */
type TLiftContext = Pick<TContext, 'db' | 'now' | 'config' | 'readCache' | 'changedInTransaction'>;

async function liftSuspension(tx: TLiftContext, actorId: number | null, member: Pick<UserRow, 'id' | 'first_name' | 'last_name'>, reason: string): Promise<void> {
  await liftAccountSuspension(tx, member.id, tx.now());
  await setWorkSuspended(tx, member.id, false);
  await recordModerationAction(tx, { actorId, action: 'unsuspend', target: { type: 'member', id: member.id, label: memberName(member), ownerId: member.id }, reason });
}

export async function unsuspendMember(ctx: TContext, actor: UserRow, memberId: number, reason: string): Promise<TAdminMember> {
  const member = await memberOr404(ctx, memberId);
  assertMayActOn(actor, member, 'unsuspend');
  if (member.suspended_at === null) throw new AppError(409, 'This member is not suspended');
  await inTransaction(ctx, (tx) => liftSuspension(tx, actor.id, member, reason));
  return adminMember(ctx, member.id);
}

export const SUSPENSION_ENDED = 'The suspension ended';

/** Lifts timed suspensions whose end has come: sign-in works again (it already did) and their work is back. Idempotent. */
export async function liftEndedSuspensions(ctx: TLiftContext): Promise<number> {
  let lifted = 0;
  for (;;) {
    const ended = await endedSuspensions(ctx, ctx.now(), ENDED_SUSPENSIONS_BATCH);
    for (const member of ended) await inTransaction(ctx, (tx) => liftSuspension(tx, null, member, SUSPENSION_ENDED));
    lifted += ended.length;
    if (ended.length < ENDED_SUSPENSIONS_BATCH) return lifted;
  }
}

/** Admins restore (or withdraw) a member's right to invite; withdrawn, their unused codes are revoked. */
export async function changeInviteRight(ctx: TContext, actor: UserRow, memberId: number, input: { canInvite: boolean; reason: string }): Promise<TAdminMember> {
  const member = await memberOr404(ctx, memberId);
  await inTransaction(ctx, async (tx) => {
    await setInviteRight(tx, member.id, input.canInvite, input.canInvite ? null : input.reason, tx.now());
    if (!input.canInvite) await revokeUnusedCodesOf(tx, member.id);
    await recordModerationAction(tx, { actorId: actor.id, action: 'invite-right', target: memberTarget(member), reason: input.reason });
  });
  return adminMember(ctx, member.id);
}

export const LAST_ADMIN = 'The site needs at least one admin';

/** Admins set a member's role; the last admin stays one. */
export async function changeRole(ctx: TContext, actor: UserRow, memberId: number, input: { role: TRole; reason: string }): Promise<TAdminMember> {
  const member = await memberOr404(ctx, memberId);
  await inTransaction(ctx, async (tx) => {
    if (member.role === 'admin' && input.role !== 'admin' && (await countAdmins(tx)) <= 1) throw new AppError(409, LAST_ADMIN);
    await setRole(tx, member.id, input.role, tx.now());
    await recordModerationAction(tx, { actorId: actor.id, action: 'role', target: memberTarget(member), reason: `${input.role}: ${input.reason}` });
  });
  return adminMember(ctx, member.id);
}

// ——— What /admin reads ———

export async function listMembers(ctx: TContext, query: { q?: string | undefined; limit: number; cursor?: string | undefined }): Promise<TPage<TAdminMemberSummary>> {
  const after = decodeCursor(query.cursor);
  const rows = await membersPage(ctx, { q: query.q?.trim() || undefined, limit: query.limit, after: after ? [String(after[0]), after[1]] : undefined });
  return toPage(rows, query.limit, (row) => [row.created_at, row.id], async (pageRows) => {
    const reports = await openReportsOnMembers(ctx.db, pageRows.map((row) => row.id));
    const now = ctx.now();
    return pageRows.map((row) => toMemberSummary(row, reports.get(row.id) ?? 0, now));
  });
}

/** The member page of /admin: their standing and their place in the invite tree. */
export async function adminMember(ctx: TContext, memberId: number): Promise<TAdminMember> {
  const member = await memberOr404(ctx, memberId);
  const [reports, inviter, invitees, unusedCodes, totals] = await Promise.all([
    openReportsOnMembers(ctx.db, [member.id]),
    member.invited_by === null ? null : memberForModeration(ctx, member.invited_by),
    inviteesOf(ctx, member.id, INVITEES_SHOWN),
    unusedCodesOf(ctx, member.id),
    creatorTotals(ctx, member.id),
  ]);
  const now = ctx.now();
  return {
    ...toMemberSummary(member, reports.get(member.id) ?? 0, now),
    suspensionReason: isSuspended(member, now) ? member.suspension_reason : null,
    canInvite: member.can_invite === 1,
    inviteRightNote: member.invite_right_note,
    projects: totals.projects,
    invitedBy: inviter ? toMemberRef(inviter) : null,
    invitees: invitees.map((row) => ({ ...toMemberRef(row), createdAt: row.created_at, suspended: isSuspended(row, now) })),
    unusedCodes,
  };
}

export async function auditLog(ctx: TContext, page: { limit: number; cursor?: string | undefined }): Promise<TPage<TAuditEntry>> {
  const rows = await listAuditPage(ctx.db, page.limit, decodeCursor(page.cursor));
  return toPage(rows, page.limit, (row) => [row.created_at, row.id], async (pageRows) => {
    const names = await memberNames(ctx, pageRows.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id])));
    return pageRows.map((row) => toAuditEntry(row, names));
  });
}

const utcDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last FIGURE_DAYS UTC days, oldest first (today included), and the site's totals. */
export async function adminFigures(ctx: TContext): Promise<TAdminFigures> {
  const today = Date.parse(`${utcDate(ctx.now().getTime())}T00:00:00.000Z`);
  const since = new Date(today - (FIGURE_DAYS - 1) * DAY_MS);
  const { db, engine } = ctx;
  const [signups, uploads, active, paid, openReports, backlog, bytes] = await Promise.all([
    signupsPerDay(db, engine, since),
    uploadsPerDay(db, engine, since),
    activeMembersPerDay(db, engine, since),
    paidJobTotals(db),
    countOpenReports(db),
    outboxBacklog(db),
    mediaBytes(db),
  ]);
  const days = Array.from({ length: FIGURE_DAYS }, (_, index) => {
    const date = utcDate(since.getTime() + index * DAY_MS);
    return { date, signups: signups.get(date) ?? 0, uploads: uploads.get(date) ?? 0, activeMembers: active.get(date) ?? 0 };
  });
  return { days, ...paid, openReports, outboxBacklog: backlog, mediaDiskBytes: bytes };
}
