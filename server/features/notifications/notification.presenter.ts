// A notification row → the API shape: the sentence the member reads and where opening it leads.
import { displayName } from '../../../shared/format';
import type { TModerationNotice, TNotification } from '../../../shared/schemas/notification';
import type { TNotificationView } from './notifications.repo';

/** What the texts of the other types keep in `data` beyond their ids. */
interface TNotificationFacts {
  /** hire: the sender's name (a visitor has no account to name). */
  name?: string;
  /** job-expiring: the listing's title as it was. */
  title?: string;
  /** comment and reply: the start of the comment, for the e-mail. */
  excerpt?: string;
}

/** What each type keeps in `data`: moderation notices add what was done, to what, and why. */
export type TNotificationData = TNotificationFacts & Partial<TModerationNotice>;

export function parseData(raw: string | null): TNotificationData {
  if (!raw) return {};
  try {
    return JSON.parse(raw) as TNotificationData;
  } catch {
    return {};
  }
}

/** 'Ada', 'Ada and 1 other', 'Ada and 3 others': only the latest actor of a group is kept by name. */
export function actorsText(name: string, count: number): string {
  if (count <= 1) return name;
  const others = count - 1;
  return `${name} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

const MODERATION_WORDS: Record<string, string> = { hide: 'hidden', delete: 'deleted', restore: 'restored', suspend: 'suspended', unsuspend: 'no longer suspended' };

function textOf(row: TNotificationView, actor: string, data: TNotificationData): string {
  const project = row.project_title ?? 'your project';
  switch (row.type) {
    case 'like':
      return `${actorsText(actor, row.actor_count)} liked ${project}`;
    case 'follow':
      return `${actor} started following you`;
    case 'comment':
      return `${actor} commented on ${project}`;
    case 'reply':
      return `${actor} replied to your comment on ${project}`;
    case 'hire':
      return `${data.name ?? actor} sent you a message`;
    case 'job-expiring':
      return data.title ? `Your job listing ${data.title} expires in 3 days` : 'Your job listing expires in 3 days';
    case 'moderation': {
      if (!data.action || !data.label) return 'A moderator acted on your work';
      return `${data.label} was ${MODERATION_WORDS[data.action] ?? data.action} by a moderator${data.reason ? `: ${data.reason}` : ''}`;
    }
  }
}

function urlOf(row: TNotificationView): string {
  const project = row.project_slug ? `/project/${row.project_slug}` : null;
  switch (row.type) {
    case 'like':
      return project ?? '/profile';
    case 'comment':
    case 'reply':
      return project ? `${project}${row.comment_id ? `#comment-${row.comment_id}` : ''}` : '/notifications';
    case 'follow':
      return row.actor_id ? `/creator/${row.actor_id}` : '/profile';
    case 'hire':
      return '/profile?tab=messages';
    case 'job-expiring':
      return '/profile?tab=jobs';
    case 'moderation':
      return project ?? '/profile';
  }
}

export function toNotification(row: TNotificationView): TNotification {
  const actorName = row.actor_id === null ? 'Someone' : displayName({ firstName: row.actor_first_name ?? '', lastName: row.actor_last_name ?? '' });
  return {
    id: row.id,
    type: row.type,
    text: textOf(row, actorName, parseData(row.data)),
    actor: row.actor_id === null ? null : { id: row.actor_id, name: actorName, profileImageUrl: row.actor_image },
    actorCount: row.actor_count,
    url: urlOf(row),
    read: row.read_at !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
