// SQL of reports, the moderation queue (report_targets: one row per target with open reports,
// its counts moved in the same transaction as the reports) and the audit log.
import { sql, type Kysely } from 'kysely';
import type { TReportReason, TReportTarget } from '../../../shared/schemas/moderation';
import type { AuditLogRow, Database, ReportRow, ReportTargetRow } from '../../db/schema';
import type { TCursor } from '../../http/paging';

type Db = Kysely<Database>;

export interface TTargetKey {
  type: TReportTarget;
  id: number;
}

/** A new open report (a second open one of the same reporter and target is a unique violation: reports_open_once_idx). */
export function insertReport(db: Db, report: { reporterId: number; target: TTargetKey; reason: TReportReason; note: string; now: Date }): Promise<ReportRow> {
  return db
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      target_type: report.target.type,
      target_id: report.target.id,
      reason: report.reason,
      note: report.note,
      created_at: report.now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The target's queue row gains a report: made on its first, counted up after (no read-modify-write). */
export async function countReportOnTarget(db: Db, target: TTargetKey, csam: boolean, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('report_targets')
    .values({ target_type: target.type, target_id: target.id, open_count: 1, csam: csam ? 1 : 0, first_at: at, latest_at: at })
    .onConflict((oc) =>
      oc.columns(['target_type', 'target_id']).doUpdateSet((eb) => ({
        open_count: sql<number>`${eb.ref('report_targets.open_count')} + 1`,
        csam: csam ? 1 : eb.ref('report_targets.csam'),
        latest_at: at,
      })),
    )
    .execute();
}

/** Resolves every open report on the target and takes it off the queue; how many were open. */
export async function resolveReportsOn(db: Db, target: TTargetKey, now: Date): Promise<number> {
  const result = await db
    .updateTable('reports')
    .set({ status: 'resolved', resolved_at: now.toISOString() })
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  await db.deleteFrom('report_targets').where('target_type', '=', target.type).where('target_id', '=', target.id).execute();
  return Number(result.numUpdatedRows);
}

/** Where a queue page starts: after the row with these csam, count, first report and id. */
export type TQueueCursor = [csam: number, openCount: number, firstAt: string, id: number];

/**
 * Queue rows: csam first, then most reports, then oldest; report_targets_queue_idx holds that
 * order. The keyset is spelled out because the order mixes directions.
 */
export function listQueuePage(db: Db, limit: number, after?: TQueueCursor): Promise<ReportTargetRow[]> {
  let query = db.selectFrom('report_targets').selectAll();
  if (after) {
    const [csam, count, firstAt, id] = after;
    query = query.where((eb) =>
      eb.or([
        eb('csam', '<', csam),
        eb.and([eb('csam', '=', csam), eb('open_count', '<', count)]),
        eb.and([eb('csam', '=', csam), eb('open_count', '=', count), eb(eb.refTuple('first_at', 'id'), '>', eb.tuple(firstAt, id))]),
      ]),
    );
  }
  return query.orderBy('csam', 'desc').orderBy('open_count', 'desc').orderBy('first_at').orderBy('id').limit(limit + 1).execute();
}

/** The open reports of these targets, each target's newest first (reports_target_idx), at most `perTarget` each. */
export async function openReportsOf(db: Db, targets: TTargetKey[], perTarget: number): Promise<ReportRow[]> {
  const lists = await Promise.all(
    targets.map((target) =>
      db
        .selectFrom('reports')
        .selectAll()
        .where('target_type', '=', target.type)
        .where('target_id', '=', target.id)
        .where('status', '=', 'open')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(perTarget)
        .execute(),
    ),
  );
  return lists.flat();
}

/** Open reports on the target by reason (reports_target_idx). */
export async function openReasonCounts(db: Db, target: TTargetKey): Promise<{ reason: TReportReason; count: number }[]> {
  const rows = await db
    .selectFrom('reports')
    .select((eb) => ['reason', eb.fn.countAll<number>().as('count')])
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('status', '=', 'open')
    .groupBy('reason')
    .execute();
  return rows.map((row) => ({ reason: row.reason, count: Number(row.count) }));
}

/** Open reports on members, by member: the admin member list's figure. */
export async function openReportsOnMembers(db: Db, memberIds: number[]): Promise<Map<number, number>> {
  if (!memberIds.length) return new Map();
  const rows = await db.selectFrom('report_targets').select(['target_id', 'open_count']).where('target_type', '=', 'member').where('target_id', 'in', memberIds).execute();
  return new Map(rows.map((row) => [row.target_id, row.open_count]));
}

export async function countOpenReports(db: Db): Promise<number> {
  const row = await db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('count')).where('status', '=', 'open').executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAuditEntry(
  db: Db,
  entry: { actorId: number | null; action: string; targetType: string; targetId: number; targetLabel: string; reason: string; now: Date },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      target_label: entry.targetLabel,
      reason: entry.reason,
      created_at: entry.now.toISOString(),
    })
    .execute();
}

/** Newest first (audit_log_recent_idx). */
export function listAuditPage(db: Db, limit: number, after?: TCursor): Promise<AuditLogRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (after) {
    const [value, id] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
}
