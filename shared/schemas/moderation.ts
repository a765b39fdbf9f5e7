// Reports, moderation and the admin area: the contract between the server's moderation module
// and /admin. Members report; moderators and admins act; admins also read the audit log.
import { z } from 'zod';
import { ZId, ZIdParam, ZPageQuery, ZTimestamp } from './common';
import { ROLES } from '../roles';
import { ZRole } from './user';

/** What a member can report. */
export const REPORT_TARGETS = ['project', 'comment', 'job', 'member'] as const;
export const ZReportTarget = z.enum(REPORT_TARGETS).meta({ id: 'ReportTarget' });
export type TReportTarget = z.output<typeof ZReportTarget>;

/** Why, in the order the report form lists them; 'csam' reports always come first in the queue. */
export const REPORT_REASONS = ['csam', 'spam', 'undisclosed_ai', 'harassment', 'copyright', 'other'] as const;
export const ZReportReason = z.enum(REPORT_REASONS).meta({ id: 'ReportReason' });
export type TReportReason = z.output<typeof ZReportReason>;
export const REPORT_REASON_LABELS: Record<TReportReason, string> = {
  csam: 'Sexual content involving minors',
  spam: 'Spam',
  undisclosed_ai: 'Undisclosed or misrepresented AI work',
  harassment: 'Harassment',
  copyright: 'Copyright or likeness',
  other: 'Other',
};

export const REPORT_NOTE_MAX = 1000;
export const MODERATION_REASON_MAX = 500;

/** POST /api/reports */
// Requests take the plain enums: a named shape used as input too would be documented twice ('…Input').
export const ZReportRequest = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: ZId,
  reason: z.enum(REPORT_REASONS),
  note: z.string().trim().max(REPORT_NOTE_MAX, `Please keep the note under ${REPORT_NOTE_MAX} characters`).default(''),
});
export type TReportRequest = z.input<typeof ZReportRequest>;

/** 201 of POST /api/reports (409 'You have already reported this' while the reporter's earlier report on it is open). */
export const ZReport = z
  .object({ id: ZId, targetType: ZReportTarget, targetId: ZId, reason: ZReportReason, note: z.string(), status: z.enum(['open', 'resolved']), createdAt: ZTimestamp })
  .meta({ id: 'Report' });
export type TReport = z.output<typeof ZReport>;

/** Someone named in /admin: a member's id and display name (never an e-mail). */
export const ZMemberRef = z.object({ id: ZId, name: z.string() }).meta({ id: 'MemberRef' });
export type TMemberRef = z.output<typeof ZMemberRef>;

/** What a report is about, as the queue shows it (title, link, owner, whether it is hidden now). */
export const ZReportedTarget = z
  .object({
    type: ZReportTarget,
    id: ZId,
    /** A project's or job's title, a member's name, the start of a comment; '(deleted)' once gone. */
    label: z.string(),
    /** Where to see it on the site (a comment: its project's page with #comment-{id}); null once deleted. */
    url: z.string().nullable(),
    owner: ZMemberRef.nullable(),
    hidden: z.boolean(),
    deleted: z.boolean(),
  })
  .meta({ id: 'ReportedTarget' });
export type TReportedTarget = z.output<typeof ZReportedTarget>;

/** GET /api/admin/reports: open reports grouped by target, csam first, then most reports, then oldest. A page (array + PAGE_HEADERS). */
export const ZReportGroup = z
  .object({
    target: ZReportedTarget,
    count: z.number().int(),
    reasons: z.array(z.object({ reason: ZReportReason, count: z.number().int() })),
    firstAt: ZTimestamp,
    latestAt: ZTimestamp,
    /** The latest ten, newest first. */
    reports: z.array(z.object({ id: ZId, reason: ZReportReason, note: z.string(), reporter: ZMemberRef, createdAt: ZTimestamp })),
  })
  .meta({ id: 'ReportGroup' });
export type TReportGroup = z.output<typeof ZReportGroup>;

/** What a moderator can do to a reported (or any) project, comment or job. Members: suspend/unsuspend routes. */
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'delete'] as const;
export const ZModerationAction = z.enum(MODERATION_ACTIONS);
export type TModerationAction = z.output<typeof ZModerationAction>;

export const ZReason = z.string().trim().min(1, 'Please give a reason').max(MODERATION_REASON_MAX, `Please keep the reason under ${MODERATION_REASON_MAX} characters`);

/**
 * POST /api/admin/moderate: acts on a target and resolves its open reports. 'dismiss' only
 * resolves them; 'hide' leaves it to its owner and staff, who see the reason; 'restore' undoes
 * a hide; 'delete' removes it for good. For a member target only 'dismiss' applies (use suspend).
 */
export const ZModerateRequest = z.object({ targetType: z.enum(REPORT_TARGETS), targetId: ZId, action: ZModerationAction, reason: ZReason });
export type TModerateRequest = z.input<typeof ZModerateRequest>;

/** POST /api/admin/users/{id}/suspend: until a time, or for good when `until` is absent or null. */
export const ZSuspendRequest = z.object({
  until: ZTimestamp.nullish(),
  reason: ZReason,
  /** Also revoke the member's unused invitation codes. */
  revokeCodes: z.boolean().default(false),
});
export type TSuspendRequest = z.input<typeof ZSuspendRequest>;

/** POST /api/admin/users/{id}/unsuspend */
export const ZUnsuspendRequest = z.object({ reason: ZReason });
/** POST /api/admin/users/{id}/invite-right (admins): restore or withdraw the right to invite. */
export const ZInviteRightRequest = z.object({ canInvite: z.boolean(), reason: ZReason });
/** POST /api/admin/users/{id}/role (admins). */
export const ZRoleRequest = z.object({ role: z.enum(ROLES), reason: ZReason });

/** One row of GET /api/admin/users?q= (a page: array + PAGE_HEADERS), newest first; q matches names. */
export const ZAdminMemberSummary = z
  .object({
    id: ZId,
    name: z.string(),
    role: ZRole,
    createdAt: ZTimestamp,
    /** Suspended now: until this time, or for good when `suspendedForever`. */
    suspended: z.boolean(),
    suspendedUntil: ZTimestamp.nullable(),
    suspendedForever: z.boolean(),
    openReports: z.number().int(),
  })
  .meta({ id: 'AdminMemberSummary' });
export type TAdminMemberSummary = z.output<typeof ZAdminMemberSummary>;

/** GET /api/admin/users/{id}: the member page in /admin, with their place in the invite tree. */
export const ZAdminMember = ZAdminMemberSummary.extend({
  suspensionReason: z.string().nullable(),
  canInvite: z.boolean(),
  /** Why the right to invite was lost (two invitees suspended for cause, or an admin's reason). */
  inviteRightNote: z.string().nullable(),
  projects: z.number().int(),
  invitedBy: ZMemberRef.nullable(),
  invitees: z.array(ZMemberRef.extend({ createdAt: ZTimestamp, suspended: z.boolean() })),
  unusedCodes: z.number().int(),
}).meta({ id: 'AdminMember' });
export type TAdminMember = z.output<typeof ZAdminMember>;

/** GET /api/admin/audit (admins; a page: array + PAGE_HEADERS), newest first. */
export const ZAuditEntry = z
  .object({
    id: ZId,
    actor: ZMemberRef.nullable(),
    /** e.g. 'hide', 'restore', 'delete', 'dismiss', 'suspend', 'unsuspend', 'revoke-codes', 'invite-right', 'role', 'mature' */
    action: z.string(),
    targetType: z.string(),
    targetId: ZId,
    targetLabel: z.string(),
    reason: z.string(),
    createdAt: ZTimestamp,
  })
  .meta({ id: 'AuditEntry' });
export type TAuditEntry = z.output<typeof ZAuditEntry>;

/** GET /api/admin/figures: real counts from the database. */
export const ZAdminFigures = z
  .object({
    /** The last 30 days, oldest first, UTC dates (YYYY-MM-DD); days with nothing count 0. */
    days: z.array(z.object({ date: z.string(), signups: z.number().int(), uploads: z.number().int(), activeMembers: z.number().int() })),
    jobsPaid: z.number().int(),
    revenueCents: z.number().int(),
    openReports: z.number().int(),
    outboxBacklog: z.number().int(),
    mediaDiskBytes: z.number().int(),
  })
  .meta({ id: 'AdminFigures' });
export type TAdminFigures = z.output<typeof ZAdminFigures>;

/** Where a hidden project, comment or job says why, to its owner (and staff). */
export const ZModerationNote = z.object({ hidden: z.literal(true), reason: z.string(), at: ZTimestamp }).meta({ id: 'ModerationNote' });
export type TModerationNote = z.output<typeof ZModerationNote>;

export const ZAdminUserParams = z.object({ id: ZIdParam });

// Made on first use: a page that loads this module (a project page does) would otherwise pay
// for ICU's date data as it loads (see shared/format.ts).
let utcDateTime: Intl.DateTimeFormat | undefined;

/** What a suspended member is told when they try to sign in (403), and why. */
export function suspensionMessage(until: string | null, reason: string): string {
  if (!until) return `Your account is suspended. Reason: ${reason}`;
  utcDateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return `Your account is suspended until ${utcDateTime.format(new Date(until))} UTC. Reason: ${reason}`;
}

/** Why a member who lost the right to invite cannot make codes (403 of generating codes). */
export const INVITE_RIGHT_LOST = 'You cannot invite new members at the moment: members you invited were suspended. An admin can restore your invitations.';
/** The note kept on a member whose second invitee was suspended. */
export const INVITE_RIGHT_LOST_NOTE = 'Two members they invited were suspended';

/** GET /api/admin/users?q=: a page of members, newest first; q matches names. */
export const ZAdminUsersQuery = ZPageQuery.extend({ q: z.string().trim().max(100).optional() });
