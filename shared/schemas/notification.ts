// Notifications (the bell, /notifications) and notification e-mail settings and unsubscribe.
import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from '../constants';
import { ZId, ZTimestamp } from './common';

export { NOTIFICATIONS_PAGE_SIZE };

export const NOTIFICATION_TYPES = ['like', 'follow', 'comment', 'reply', 'hire', 'job-expiring', 'moderation'] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES).meta({ id: 'NotificationType' });
export type TNotificationType = z.output<typeof ZNotificationType>;


export const ZNotificationActor = z.object({ id: ZId, name: z.string(), profileImageUrl: z.string().nullable() }).meta({ id: 'NotificationActor' });

export const ZNotification = z
  .object({
    id: ZId,
    type: ZNotificationType,
    /** The sentence to show: 'Ada and 3 others liked Solar Bloom'. */
    text: z.string(),
    /** The latest actor; null for the site's own notices, a visitor's message, or a member who left. */
    actor: ZNotificationActor.nullable(),
    actorCount: z.number().int(),
    /** Where opening it leads (a path of this site). */
    url: z.string(),
    read: z.boolean(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: 'Notification' });
export type TNotification = z.output<typeof ZNotification>;

export const ZNotificationList = z.object({ items: z.array(ZNotification), unread: z.number().int(), nextCursor: z.string().nullable() }).meta({ id: 'NotificationList' });
export type TNotificationList = z.output<typeof ZNotificationList>;

export const ZUnreadNotifications = z.object({ unread: z.number().int() }).meta({ id: 'UnreadNotifications' });
export type TUnreadNotifications = z.output<typeof ZUnreadNotifications>;

/** POST /api/notifications/read: these, or every one when ids is absent. */
export const ZMarkNotificationsRead = z.object({ ids: z.array(ZId).min(1).max(100).optional() });
export type TMarkNotificationsRead = z.input<typeof ZMarkNotificationsRead>;

/**
 * A moderation notification's data: what was done ('hide', 'delete', 'restore', 'suspend',
 * 'unsuspend'), to what ('Your project Solar Bloom'), and why.
 */
export interface TModerationNotice {
  action: string;
  label: string;
  reason: string;
}

/** The e-mails a member can choose: per type instant, in one daily digest, or none. */
export const EMAIL_TYPES = ['hire', 'comment', 'reply'] as const;
export type TEmailType = (typeof EMAIL_TYPES)[number];
export const EMAIL_SETTINGS = ['instant', 'digest', 'off'] as const;
export const ZEmailSetting = z.enum(EMAIL_SETTINGS);
export type TEmailSetting = z.output<typeof ZEmailSetting>;
export const EMAIL_SETTING_LABELS: Record<TEmailSetting, string> = { instant: 'Instant', digest: 'Daily digest', off: 'Off' };
export const EMAIL_TYPE_LABELS: Record<TEmailType, string> = { hire: 'Hire messages', comment: 'Comments on my projects', reply: 'Replies to my comments' };

export const ZNotificationSettings = z.object({ hire: ZEmailSetting, comment: ZEmailSetting, reply: ZEmailSetting });
export type TNotificationSettings = z.output<typeof ZNotificationSettings>;
export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = { hire: 'instant', comment: 'instant', reply: 'instant' };


/** What an unsubscribe link turns off: one type, or every type now sent as a digest. */
export const UNSUBSCRIBE_TYPES = [...EMAIL_TYPES, 'digest'] as const;
export const ZUnsubscribeType = z.enum(UNSUBSCRIBE_TYPES);
export type TUnsubscribeType = z.output<typeof ZUnsubscribeType>;
export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(100), type: ZUnsubscribeType });
export type TUnsubscribeQuery = z.output<typeof ZUnsubscribeQuery>;
export const ZUnsubscribed = z.object({ ok: z.literal(true), type: ZUnsubscribeType }).meta({ id: 'Unsubscribed' });
export type TUnsubscribed = z.output<typeof ZUnsubscribed>;
