// Notifications and notification e-mail settings: SQL only. Unread events that share a
// group key (the likes of one project, one follower's follows) are one row, moved by a single
// upsert on notifications_group_idx, never read-modify-write.
import { sql, type Kysely } from 'kysely';
import { skipTakenRows, type Engine } from '../../db/connect';
import type { Database, NotificationRow, NotificationSettingsRow } from '../../db/schema';
import type { TCursor } from '../../http/paging';
import type { TEmailSetting, TEmailType, TNotificationType } from '../../../shared/schemas/notification';

type Db = Kysely<Database>;

export interface TNewNotification {
  userId: number;
  type: TNotificationType;
  actorId: number | null;
  projectId: number | null;
  jobId: number | null;
  messageId: number | null;
  commentId: number | null;
  groupKey: string | null;
  data: string | null;
  now: Date;
}

/**
 * Inserts the notification, or, when an unread one of the same group exists, counts the new
 * actor on it (unless it is the same actor again) and brings it to the top. `created` says which.
 */
export async function upsertNotification(db: Db, row: TNewNotification): Promise<{ id: number; created: boolean }> {
  const now = row.now.toISOString();
  const saved = await db
    .insertInto('notifications')
    .values({
      user_id: row.userId,
      type: row.type,
      actor_id: row.actorId,
      project_id: row.projectId,
      job_id: row.jobId,
      message_id: row.messageId,
      comment_id: row.commentId,
      group_key: row.groupKey,
      data: row.data,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'group_key'])
        .where('read_at', 'is', null)
        .doUpdateSet((eb) => ({
          actor_count: eb
            .case()
            .when(eb.ref('notifications.actor_id'), '=', eb.ref('excluded.actor_id'))
            .then(eb.ref('notifications.actor_count'))
            .else(eb(eb.ref('notifications.actor_count'), '+', 1))
            .end(),
          actor_id: eb.ref('excluded.actor_id'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
    )
    .returning(['id', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { id: saved.id, created: saved.created_at === saved.updated_at };
}

/** A notification with what its text and link need: the actor's name and picture, the project's title and slug. */
export type TNotificationView = NotificationRow & {
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_image: string | null;
  project_title: string | null;
  project_slug: string | null;
};

function withDetails(db: Db) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('projects as p', 'p.id', 'n.project_id')
    .selectAll('n')
    .select(['a.first_name as actor_first_name', 'a.last_name as actor_last_name', 'a.profile_image_url as actor_image', 'p.title as project_title', 'p.slug as project_slug']);
}

export function findNotificationView(db: Db, id: number): Promise<TNotificationView | undefined> {
  return withDetails(db).where('n.id', '=', id).executeTakeFirst();
}

/** A member's notifications, latest activity first, keyset-paged on (updated_at, id): notifications_list_idx. */
export function listNotificationsPage(db: Db, userId: number, limit: number, after?: TCursor): Promise<TNotificationView[]> {
  let query = withDetails(db).where('n.user_id', '=', userId);
  if (after) {
    const [value, id] = after;
    query = query.where((eb) => eb(eb.refTuple('n.updated_at', 'n.id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('n.updated_at', 'desc').orderBy('n.id', 'desc').limit(limit + 1).execute();
}

/** What a digest tells: the member's notifications of these types that arrived in (since, until]. */
export function listNotificationsBetween(db: Db, userId: number, types: TNotificationType[], since: Date, until: Date, limit: number): Promise<TNotificationView[]> {
  return withDetails(db)
    .where('n.user_id', '=', userId)
    .where('n.updated_at', '>', since.toISOString())
    .where('n.updated_at', '<=', until.toISOString())
    .where('n.type', 'in', types)
    .orderBy('n.updated_at')
    .orderBy('n.id')
    .limit(limit)
    .execute();
}

/** notifications_unread_idx. */
export async function countUnreadNotifications(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks these of the member's notifications read, or all of them when `ids` is undefined. */
export async function markNotificationsRead(db: Db, userId: number, ids: number[] | undefined, now: Date): Promise<void> {
  let query = db.updateTable('notifications').set({ read_at: now.toISOString() }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

/** Deletes the member's notifications beyond the newest `keep` (notifications_list_idx). */
export async function deleteNotificationsBeyond(db: Db, userId: number, keep: number): Promise<void> {
  const edge = await db
    .selectFrom('notifications')
    .select(['updated_at', 'id'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!edge) return;
  await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where((eb) => eb(eb.refTuple('updated_at', 'id'), '<=', eb.tuple(edge.updated_at, edge.id)))
    .execute();
}

/** Deletes up to `limit` notifications last touched before `before` (notifications_updated_idx); how many went. */
export async function deleteNotificationsBefore(db: Db, engine: Engine, before: Date, limit: number): Promise<number> {
  const batch = db.selectFrom('notifications').select('id').where('updated_at', '<', before.toISOString()).orderBy('updated_at').limit(limit).$call(skipTakenRows(engine));
  const result = await db.deleteFrom('notifications').where('id', 'in', batch).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findSettings(db: Db, userId: number): Promise<NotificationSettingsRow | undefined> {
  return db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findSettingsByToken(db: Db, token: string): Promise<NotificationSettingsRow | undefined> {
  return db.selectFrom('notification_settings').selectAll().where('unsubscribe_token', '=', token).executeTakeFirst();
}

/** Creates the member's settings with the defaults, unless another request just did. */
export async function insertSettingsOnce(db: Db, userId: number, token: string, now: Date): Promise<void> {
  await db.insertInto('notification_settings').values({ user_id: userId, unsubscribe_token: token, updated_at: now.toISOString() }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
}

export async function updateSettings(db: Db, userId: number, changes: Partial<Record<TEmailType, TEmailSetting>>, now: Date): Promise<void> {
  await db
    .updateTable('notification_settings')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * The digest is due at `dueAt` unless one already waits; a new one tells what arrived after
 * `since` (just before the event that schedules it): what came earlier was told already, or
 * was not for the digest.
 */
export async function scheduleDigest(db: Db, userId: number, dueAt: Date, since: Date): Promise<void> {
  await db
    .updateTable('notification_settings')
    .set({
      digest_due_at: sql<string>`coalesce(digest_due_at, ${dueAt.toISOString()})`,
      digest_since: sql<string>`case when digest_due_at is null then ${since.toISOString()} else digest_since end`,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Members whose digest is due, earliest first (notification_settings_digest_idx). */
export function listDueDigests(db: Db, now: Date, limit: number): Promise<Pick<NotificationSettingsRow, 'user_id' | 'digest_due_at'>[]> {
  return db.selectFrom('notification_settings').select(['user_id', 'digest_due_at']).where('digest_due_at', '<=', now.toISOString()).orderBy('digest_due_at').limit(limit).execute();
}

/**
 * Takes the member's due digest for this process: of two processes only the one whose update
 * still finds it due gets the row (and so sends it). Answers the settings as they were.
 */
export async function claimDigest(db: Db, userId: number, dueAt: string, now: Date): Promise<NotificationSettingsRow | undefined> {
  const before = await db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!before) return undefined;
  const taken = await db
    .updateTable('notification_settings')
    .set({ digest_due_at: null, digest_since: now.toISOString() })
    .where('user_id', '=', userId)
    .where('digest_due_at', '=', dueAt)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? before : undefined;
}
