// SQL of uploaded media: written by uploads, attached to projects, read with them.
import type { Insertable, Kysely } from 'kysely';
import { skipTakenRows, type Engine } from '../../db/connect';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, ProjectMediaRow, ProjectMediaTable } from '../../db/schema';

type Db = Kysely<Database>;
export type NewProjectMediaRow = Insertable<ProjectMediaTable>;

/** Rows in the order given (one insert each: RETURNING order is not guaranteed in bulk); run inside the caller's transaction. */
export async function insertMedia(db: Db, rows: NewProjectMediaRow[]): Promise<ProjectMediaRow[]> {
  const inserted: ProjectMediaRow[] = [];
  for (const row of rows) inserted.push(await db.insertInto('project_media').values(row).returningAll().executeTakeFirstOrThrow());
  return inserted;
}

/** Bytes a member uploaded since `since` that are still stored, and the oldest of them (project_media_owner_idx). */
export async function uploadedBytesSince(db: Db, ownerId: number, since: Date): Promise<{ bytes: number; oldest: string | null }> {
  const row = await db
    .selectFrom('project_media')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('bytes'), eb.fn.min('created_at').as('oldest')])
    .where('owner_id', '=', ownerId)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), oldest: row.oldest === null ? null : String(row.oldest) };
}

/** How many uploads of the member no project uses yet, and the oldest (project_media_owner_unattached_idx). */
export async function unattachedUploadsOf(db: Db, ownerId: number): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('project_media')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('owner_id', '=', ownerId)
    .where('project_id', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : String(row.oldest) };
}

/** The caller's uploads among these URLs that no project uses yet. */
export async function findUnattachedMediaByUrls(db: Db, ownerId: number, urls: string[]): Promise<ProjectMediaRow[]> {
  if (urls.length === 0) return [];
  return db.selectFrom('project_media').selectAll().where('owner_id', '=', ownerId).where('project_id', 'is', null).where('url', 'in', urls).execute();
}

/**
 * Gives the owner's unattached uploads to the project, in this order (the first is the cover);
 * how many it took. Fewer than asked: an upload was taken or deleted (a stale upload) since it
 * was found, and the caller must not go on.
 */
export async function attachMedia(db: Db, attach: { projectId: number; ownerId: number; orderedIds: number[] }): Promise<number> {
  let attached = 0;
  for (const [position, id] of attach.orderedIds.entries()) {
    const result = await db
      .updateTable('project_media')
      .set({ project_id: attach.projectId, position })
      .where('id', '=', id)
      .where('owner_id', '=', attach.ownerId)
      .where('project_id', 'is', null)
      .executeTakeFirst();
    attached += Number(result.numUpdatedRows);
  }
  return attached;
}

/** Of these URLs, the media this owner may put in this project: its own, or their unattached uploads. */
export function findUsableMediaByUrls(db: Db, use: { projectId: number; ownerId: number; urls: string[] }): Promise<ProjectMediaRow[]> {
  return db
    .selectFrom('project_media')
    .selectAll()
    .where('url', 'in', use.urls)
    .where('owner_id', '=', use.ownerId)
    .where((eb) => eb.or([eb('project_id', '=', use.projectId), eb('project_id', 'is', null)]))
    .execute();
}

/**
 * Makes the project's media exactly `orderedUrls`, in that order: its media missing from the
 * list are deleted and returned (their files are the caller's to remove); listed uploads of
 * the owner that no project uses yet are attached. `placed` counts the listed media now in the
 * project: fewer than listed, one was deleted (a stale upload) since it was found.
 */
export async function detachMissingMedia(db: Db, change: { projectId: number; ownerId: number; orderedUrls: string[] }): Promise<{ removed: ProjectMediaRow[]; placed: number }> {
  const current = await db.selectFrom('project_media').selectAll().where('project_id', '=', change.projectId).execute();
  const kept = new Set(change.orderedUrls);
  const removed = current.filter((row) => !kept.has(row.url));
  if (removed.length) {
    await db.deleteFrom('project_media').where('id', 'in', removed.map((row) => row.id)).execute();
  }
  let placed = 0;
  for (const [position, url] of change.orderedUrls.entries()) {
    const result = await db
      .updateTable('project_media')
      .set({ project_id: change.projectId, position })
      .where('url', '=', url)
      .where('owner_id', '=', change.ownerId)
      .where((eb) => eb.or([eb('project_id', '=', change.projectId), eb('project_id', 'is', null)]))
      .executeTakeFirst();
    placed += Number(result.numUpdatedRows);
  }
  return { removed, placed };
}

// Every card and project page a cached copy does not answer reads these: compiled once.
const mediaOfProjectsQuery = preparedQuery((db, args: { projectIds: readonly number[] }) =>
  db.selectFrom('project_media').selectAll().where('project_id', 'in', args.projectIds).orderBy('project_id').orderBy('position').orderBy('id'),
);

/** projectId → its media, cover first. */
export async function listMediaOfProjects(db: Db, projectIds: number[]): Promise<Map<number, ProjectMediaRow[]>> {
  const byProject = new Map<number, ProjectMediaRow[]>();
  if (projectIds.length === 0) return byProject;
  const rows = await mediaOfProjectsQuery(db, { projectIds });
  for (const row of rows) {
    if (row.project_id === null) continue;
    const list = byProject.get(row.project_id) ?? [];
    list.push(row);
    byProject.set(row.project_id, list);
  }
  return byProject;
}

/** Every storage prefix of these media: each upload's own, and a video's original still waiting for its transcode. */
export function storageKeysOf(rows: readonly Pick<ProjectMediaRow, 'storage_key' | 'source_key'>[]): string[] {
  return rows.flatMap((row) => (row.source_key ? [row.storage_key, row.source_key] : [row.storage_key]));
}

/** Deletes the project's media rows; their storage keys. */
export async function deleteMediaOfProject(db: Db, projectId: number): Promise<string[]> {
  const rows = await db.deleteFrom('project_media').where('project_id', '=', projectId).returning(['storage_key', 'source_key']).execute();
  return storageKeysOf(rows);
}

/** Deletes everything a member uploaded, in projects or not (project_media_owner_idx); the storage keys. */
export async function deleteMediaOfOwner(db: Db, ownerId: number): Promise<string[]> {
  const rows = await db.deleteFrom('project_media').where('owner_id', '=', ownerId).returning(['storage_key', 'source_key']).execute();
  return storageKeysOf(rows);
}

/**
 * Deletes up to `limit` uploads created before `before` that no project uses
 * (project_media_unattached_idx); their storage keys. The outer conditions are checked again on
 * each row, so an upload a project took meanwhile (on PostgreSQL, after the pick) stays.
 */
export async function deleteUnattachedMediaBefore(db: Db, engine: Engine, before: Date, limit: number): Promise<string[]> {
  const at = before.toISOString();
  const batch = db
    .selectFrom('project_media')
    .select('id')
    .where('project_id', 'is', null)
    .where('created_at', '<', at)
    .orderBy('created_at')
    .limit(limit)
    .$call(skipTakenRows(engine));
  const rows = await db
    .deleteFrom('project_media')
    .where('id', 'in', batch)
    .where('project_id', 'is', null)
    .where('created_at', '<', at)
    .returning(['storage_key', 'source_key'])
    .execute();
  return storageKeysOf(rows);
}

// ---------------------------------------------------------------- video processing jobs

/** The job's hold on its row: the lease it took (processing_next_at as claimed). */
export interface TProcessingLease {
  id: number;
  leasedUntil: string;
}

/**
 * Claims the processing video due soonest (project_media_processing_idx), counting the attempt
 * and moving its next attempt to the lease's end; a process that dies while transcoding leaves
 * a lease that runs out, and the row is due again. The UPDATE checks again that it is still
 * due, so of two processes that picked the same row only one gets it.
 */
export function claimProcessingMedia(db: Db, engine: Engine, claim: { now: Date; leaseUntil: Date }): Promise<ProjectMediaRow | undefined> {
  const now = claim.now.toISOString();
  const due = db
    .selectFrom('project_media')
    .select('id')
    .where('status', '=', 'processing')
    .where('processing_next_at', '<=', now)
    .orderBy('processing_next_at')
    .limit(1)
    .$call(skipTakenRows(engine));
  return db
    .updateTable('project_media')
    .set((eb) => ({ processing_next_at: claim.leaseUntil.toISOString(), processing_attempts: eb('processing_attempts', '+', 1) }))
    // `=`, not `in`: PostgreSQL then runs the pick once (an InitPlan). Under `in` it may run it
    // again for each row it scans, and SKIP LOCKED would skip the row this UPDATE just locked
    // and hand over the next one: every due row would be claimed at once.
    .where('id', '=', due)
    .where('status', '=', 'processing')
    .where('processing_next_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

const LEAVE_PROCESSING = { source_key: null, source_ext: null, source_name: null, processing_next_at: null } as const;

/** The transcode is stored: the row describes the MP4 now, if this lease still holds it. */
export function completeProcessingMedia(
  db: Db,
  lease: TProcessingLease,
  result: { mime: string; sizeBytes: number; width: number | null; height: number | null; variants: string },
): Promise<ProjectMediaRow | undefined> {
  return db
    .updateTable('project_media')
    .set({ ...LEAVE_PROCESSING, status: 'ready', mime: result.mime, size_bytes: result.sizeBytes, width: result.width, height: result.height, variants: result.variants, processing_error: null })
    .where('id', '=', lease.id)
    .where('status', '=', 'processing')
    .where('processing_next_at', '=', lease.leasedUntil)
    .returningAll()
    .executeTakeFirst();
}

/** Processing stopped for good: the row stays, marked failed, if this lease still holds it. */
export function failProcessingMedia(db: Db, lease: TProcessingLease, error: string): Promise<ProjectMediaRow | undefined> {
  return db
    .updateTable('project_media')
    .set({ ...LEAVE_PROCESSING, status: 'failed', processing_error: error })
    .where('id', '=', lease.id)
    .where('status', '=', 'processing')
    .where('processing_next_at', '=', lease.leasedUntil)
    .returningAll()
    .executeTakeFirst();
}

/** A failed attempt that will be tried again at `nextAt`. */
export async function postponeProcessingMedia(db: Db, lease: TProcessingLease, retry: { error: string; nextAt: Date }): Promise<void> {
  await db
    .updateTable('project_media')
    .set({ processing_next_at: retry.nextAt.toISOString(), processing_error: retry.error })
    .where('id', '=', lease.id)
    .where('status', '=', 'processing')
    .where('processing_next_at', '=', lease.leasedUntil)
    .execute();
}

export async function mediaRowExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('project_media').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
