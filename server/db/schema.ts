// Table types for Kysely. Timestamps are ISO-8601 strings on both engines
// (connect.ts makes PostgreSQL return them that way); flags are 0/1 integers.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { TJobType, TMediaStatus } from '../../shared/constants';
import type { TJobStatus } from '../../shared/schemas/job';
import type { TReportReason, TReportTarget } from '../../shared/schemas/moderation';
import type { TEmailSetting, TNotificationType } from '../../shared/schemas/notification';
import type { TRole } from '../../shared/schemas/user';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  bio: string | null;
  website: string | null;
  location: string | null;
  profile_image_url: string | null;
  title: string | null;
  twitter_url: string | null;
  dribbble_url: string | null;
  behance_url: string | null;
  invited_by: number | null;
  created_at: string;
  updated_at: string;
  /** member, moderator or admin (shared/schemas/user.ts ZRole); new rows are members. */
  role: Generated<TRole>;
  /** 1: mature projects are shown to this member without blur. */
  show_mature: Generated<number>;
  /** Set while suspended by staff (features/moderation); they cannot sign in and their work is hidden. */
  suspended_at: string | null;
  /** When a timed suspension ends; null while suspended for good. */
  suspended_until: string | null;
  suspension_reason: string | null;
  /** 1 once staff have ever suspended them: the invite tree counts it against whoever invited them. */
  was_suspended: Generated<number>;
  /** 0 once two of their invitees were suspended, until an admin restores it. */
  can_invite: Generated<number>;
  /** Why the right to invite was lost or changed. */
  invite_right_note: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, hex: the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** A random id that names the session in the API (the token hash never leaves the server). */
  public_id: string;
  /** The User-Agent it was started with (first 256 characters), for the list of sessions. */
  user_agent: string | null;
}

export type TAccountTokenPurpose = 'password_reset' | 'email_change';

/** Single-use links mailed to a member (see features/accounts/account-tokens.service.ts). */
export interface AccountTokensTable {
  /** SHA-256 of the token in the link, hex: the token itself is never stored. */
  token_hash: string;
  user_id: number;
  purpose: TAccountTokenPurpose;
  /** The address an e-mail change confirms; null for a password reset. */
  new_email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface InvitationCodesTable {
  id: Generated<number>;
  code: string;
  /** Null for operator codes made with `npm run invite`, or once the owner has left. */
  owner_id: number | null;
  used_by: number | null;
  used_at: string | null;
  created_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  slug: string;
  user_id: number;
  title: string;
  description: string | null;
  /** The comma-joined list of categories, as sent (SPEC §3). */
  category: string;
  /** 1 hides the AI prompt and settings from everyone but the creator. */
  hide_prompt: Generated<number>;
  likes_count: Generated<number>;
  views_count: Generated<number>;
  trending_score: Generated<number>;
  /** Visible comments and replies (not deleted, not hidden). */
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
  /** 1: mature content, blurred for visitors and members who have not opted in, left out of visitors' lists. */
  is_mature: Generated<number>;
  /** Hidden by a moderator: gone for everyone but its owner and staff, who see the reason. */
  hidden_at: string | null;
  hidden_reason: string | null;
  /** 1 while its owner is suspended: hidden from everyone but staff. */
  owner_suspended: Generated<number>;
}

export interface ProjectMediaTable {
  id: Generated<number>;
  owner_id: number;
  project_id: number | null;
  position: Generated<number>;
  kind: 'image' | 'gif' | 'video';
  mime: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  /** ThumbHash, base64. */
  placeholder: string | null;
  /** Storage key prefix under which the original and its variants live. */
  storage_key: string;
  /** Public URL of the main rendition (what `images` lists). */
  url: string;
  /** JSON: TMediaVariants. */
  variants: string;
  /** JSON: TAiMetadata, or null when the file carried none. */
  ai_metadata: string | null;
  created_at: string;
  /** Videos wait in 'processing' until transcoded (features/media/video-processing.service.ts). */
  status: Generated<TMediaStatus>;
  /** While processing: the original upload's storage prefix and extension. */
  source_key: string | null;
  source_ext: string | null;
  /** While processing: the uploader's (cleaned) file name, for the e-mail if it fails. */
  source_name: string | null;
  /** When the transcode may be claimed next; while a process holds it, the end of its lease. */
  processing_next_at: string | null;
  processing_attempts: Generated<number>;
  processing_error: string | null;
}

export interface ProjectCategoriesTable {
  project_id: number;
  category: string;
}

export interface ProjectTagsTable {
  project_id: number;
  tag: string;
  position: Generated<number>;
}

export interface LikesTable {
  user_id: number;
  project_id: number;
  created_at: string;
}

export interface ProjectViewsTable {
  project_id: number;
  viewer_key: string;
  day: string;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  /** Null once the poster has deleted their account (paid listings stay until they end). */
  user_id: number | null;
  title: string;
  company: string;
  company_logo: string | null;
  description: string;
  requirements: string;
  location: string;
  remote: number;
  type: TJobType;
  salary: string | null;
  /** An http(s) URL or an e-mail address. */
  application_url: string;
  status: Generated<TJobStatus>;
  active_until: string | null;
  /** The PaymentIntent handed out for this job, reused by the next pay step. */
  payment_intent_id: string | null;
  apply_clicks: Generated<number>;
  views: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Hidden by a moderator: gone for everyone but its owner and staff, who see the reason. */
  hidden_at: string | null;
  hidden_reason: string | null;
  /** 1 while its owner is suspended: hidden from everyone but staff. */
  owner_suspended: Generated<number>;
  /** When the owner was told the listing ends in 3 days (once per listing). */
  expiry_notified_at: string | null;
}

/** Job views and apply clicks counted once per viewer per day (the counters are on jobs). */
export interface JobViewsTable {
  job_id: number;
  kind: TJobCounterKind;
  /** Member id (`u:…`), or an HMAC of the address with the day's salt (`a:…`). */
  viewer_key: string;
  day: string;
}
export type TJobCounterKind = 'view' | 'apply';

/** The random salt anonymous viewers' addresses are hashed with on that day (UTC, yyyy-mm-dd). */
export interface ViewSaltsTable {
  day: string;
  salt: string;
}

export interface JobTagsTable {
  job_id: number;
  tag: string;
  position: Generated<number>;
}

export interface PaymentsTable {
  id: Generated<number>;
  job_id: number | null;
  provider: 'stripe' | 'test';
  /** The provider's PaymentIntent id; unique, so it pays for one job once. */
  provider_payment_id: string;
  amount: number;
  currency: string;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventsTable {
  provider_event_id: string;
  type: string;
  received_at: string;
}

/** PaymentIntents of the offline test-mode provider, shaped like Stripe's. */
export interface TestPaymentIntentsTable {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  /** JSON object of strings. */
  metadata: string;
  idempotency_key: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export type TMessageKind = 'hire' | 'support' | 'careers';

/** Contact messages as sent: to a creator (hire), or to the site (support, careers). */
export interface MessagesTable {
  id: Generated<number>;
  /** The creator it was sent to; null for support and career messages (they go to SUPPORT_EMAIL). */
  recipient_id: number | null;
  kind: TMessageKind;
  sender_name: string;
  sender_email: string;
  subject: string | null;
  body: string;
  /** Null when sent without a project, or once the project is deleted (its title stays). */
  project_id: number | null;
  project_title: string | null;
  created_at: string;
  read_at: string | null;
}

/** E-mails waiting to go out, and a record of those that went (see server/jobs/send-outbox.ts). */
export interface OutboxTable {
  id: Generated<number>;
  /** The message this e-mail tells about; the e-mail goes with it (an account's deletion). */
  message_id: number | null;
  to_address: string;
  reply_to: string | null;
  reply_to_name: string | null;
  subject: string;
  text_body: string;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A worker's lease on the row: no other worker claims it before this time. */
  claimed_until: string | null;
  claimed_by: string | null;
  sent_at: string | null;
  /** Set when retrying stopped; the row stays for an operator to look at. */
  failed_at: string | null;
  last_error: string | null;
  /** Extra headers as a JSON object (List-Unsubscribe and List-Unsubscribe-Post). */
  headers: string | null;
}

/** What happened to a member's work, for the bell and /notifications (features/notifications). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: TNotificationType;
  actor_id: number | null;
  project_id: number | null;
  job_id: number | null;
  message_id: number | null;
  comment_id: number | null;
  /** Unread rows with the same key are one notification (likes of a project): one per member and key while unread. */
  group_key: string | null;
  actor_count: Generated<number>;
  /** JSON: what the text needs beyond the ids (a sender's name, a listing's title, a moderation's reason). */
  data: string | null;
  read_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A member's notification e-mail choices, created the first time they are needed. */
export interface NotificationSettingsTable {
  user_id: number;
  hire: Generated<TEmailSetting>;
  comment: Generated<TEmailSetting>;
  reply: Generated<TEmailSetting>;
  unsubscribe_token: string;
  digest_due_at: string | null;
  digest_since: string | null;
  updated_at: string;
}

/** Media files to delete: recorded with the deletion of their rows, retried until gone (see features/projects/file-deletions.service.ts). */
export interface FileDeletionsTable {
  id: Generated<number>;
  /** The storage prefix of one upload: its original and every rendition. */
  storage_key: string;
  created_at: string;
  attempts: Generated<number>;
  /** When to try next; while a process is trying, the end of its lease. */
  next_attempt_at: string;
  last_error: string | null;
  /** Set when retrying stopped; the row stays for an operator to look at. */
  failed_at: string | null;
}

/** What members report (features/moderation); one open report per reporter and target. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: TReportTarget;
  target_id: number;
  reason: TReportReason;
  note: string;
  status: Generated<'open' | 'resolved'>;
  created_at: string;
  resolved_at: string | null;
}

/** The moderation queue: one row per target with open reports, counts moved with each report, removed when they are resolved. */
export interface ReportTargetsTable {
  id: Generated<number>;
  target_type: TReportTarget;
  target_id: number;
  open_count: Generated<number>;
  /** 1 when any open report says 'csam': those come first. */
  csam: Generated<number>;
  first_at: string;
  latest_at: string;
}

/** Every moderation action: who, when, what, why (admins read it). */
export interface AuditLogTable {
  id: Generated<number>;
  /** Null for what the site did by itself (a timed suspension ending), or once the actor has left. */
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: number;
  /** What the target was called then: it may be deleted since. */
  target_label: string;
  reason: string;
  created_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  project_id: number;
  author_id: number;
  /** A reply's top-level comment; null for a top-level comment. */
  parent_id: number | null;
  /** Emptied when the comment is deleted. */
  body: string;
  /** A top-level comment's visible replies (not deleted, not hidden). */
  reply_count: Generated<number>;
  created_at: string;
  updated_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  hidden_at: string | null;
  hidden_reason: string | null;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: string;
}

/** A member's named set of saved projects (features/collections). */
export interface CollectionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** 1: anyone may see it (its page, the creator page); 0: its owner only. */
  is_public: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CollectionProjectsTable {
  collection_id: number;
  project_id: number;
  added_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  invitation_codes: InvitationCodesTable;
  projects: ProjectsTable;
  project_media: ProjectMediaTable;
  file_deletions: FileDeletionsTable;
  project_categories: ProjectCategoriesTable;
  project_tags: ProjectTagsTable;
  likes: LikesTable;
  project_views: ProjectViewsTable;
  follows: FollowsTable;
  jobs: JobsTable;
  job_tags: JobTagsTable;
  job_views: JobViewsTable;
  view_salts: ViewSaltsTable;
  payments: PaymentsTable;
  webhook_events: WebhookEventsTable;
  test_payment_intents: TestPaymentIntentsTable;
  messages: MessagesTable;
  outbox: OutboxTable;
  reports: ReportsTable;
  report_targets: ReportTargetsTable;
  audit_log: AuditLogTable;
  comments: CommentsTable;
  blocks: BlocksTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  collections: CollectionsTable;
  collection_projects: CollectionProjectsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AccountTokenRow = Selectable<AccountTokensTable>;
export type SessionRow = Selectable<SessionsTable>;
export type InvitationCodeRow = Selectable<InvitationCodesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectMediaRow = Selectable<ProjectMediaTable>;
export type FileDeletionRow = Selectable<FileDeletionsTable>;
export type JobRow = Selectable<JobsTable>;
export type TestPaymentIntentRow = Selectable<TestPaymentIntentsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type NewMessageRow = Insertable<MessagesTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type ReportRow = Selectable<ReportsTable>;
export type ReportTargetRow = Selectable<ReportTargetsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type CommentRow = Selectable<CommentsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NotificationSettingsRow = Selectable<NotificationSettingsTable>;
export type CollectionRow = Selectable<CollectionsTable>;
