// The columns the scale seed fills, in the order its rows list them (see server/db/migrations).
import type { TTableShape } from './bulk-sql';

export const USERS = {
  name: 'users',
  columns: [
    ['id', 'integer'], ['email', 'text'], ['password_hash', 'text'], ['first_name', 'text'], ['last_name', 'text'], ['bio', 'text'],
    ['website', 'text'], ['location', 'text'], ['profile_image_url', 'text'], ['title', 'text'], ['twitter_url', 'text'],
    ['dribbble_url', 'text'], ['behance_url', 'text'], ['invited_by', 'integer'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
  ],
} as const satisfies TTableShape;

export const INVITATION_CODES = {
  name: 'invitation_codes',
  columns: [['id', 'integer'], ['code', 'text'], ['owner_id', 'integer'], ['used_by', 'integer'], ['used_at', 'timestamptz'], ['created_at', 'timestamptz']],
} as const satisfies TTableShape;

export const PROJECTS = {
  name: 'projects',
  columns: [
    ['id', 'integer'], ['slug', 'text'], ['user_id', 'integer'], ['title', 'text'], ['description', 'text'], ['category', 'text'],
    ['hide_prompt', 'integer'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
  ],
} as const satisfies TTableShape;

export const PROJECT_CATEGORIES = {
  name: 'project_categories',
  columns: [['project_id', 'integer'], ['category', 'text']],
} as const satisfies TTableShape;

export const PROJECT_TAGS = {
  name: 'project_tags',
  columns: [['project_id', 'integer'], ['tag', 'text'], ['position', 'integer']],
} as const satisfies TTableShape;

export const PROJECT_MEDIA = {
  name: 'project_media',
  columns: [
    ['id', 'integer'], ['owner_id', 'integer'], ['project_id', 'integer'], ['position', 'integer'], ['kind', 'text'], ['mime', 'text'],
    ['size_bytes', 'integer'], ['width', 'integer'], ['height', 'integer'], ['placeholder', 'text'], ['storage_key', 'text'], ['url', 'text'],
    ['variants', 'text'], ['ai_metadata', 'text'], ['created_at', 'timestamptz'],
  ],
} as const satisfies TTableShape;

export const LIKES = {
  name: 'likes',
  columns: [['user_id', 'integer'], ['project_id', 'integer'], ['created_at', 'timestamptz']],
} as const satisfies TTableShape;

export const PROJECT_VIEWS = {
  name: 'project_views',
  columns: [['project_id', 'integer'], ['viewer_key', 'text'], ['day', 'text']],
} as const satisfies TTableShape;

export const FOLLOWS = {
  name: 'follows',
  columns: [['follower_id', 'integer'], ['followee_id', 'integer'], ['created_at', 'timestamptz']],
} as const satisfies TTableShape;

export const JOBS = {
  name: 'jobs',
  columns: [
    ['id', 'integer'], ['user_id', 'integer'], ['title', 'text'], ['company', 'text'], ['company_logo', 'text'], ['description', 'text'],
    ['requirements', 'text'], ['location', 'text'], ['remote', 'integer'], ['type', 'text'], ['salary', 'text'], ['application_url', 'text'],
    ['status', 'text'], ['active_until', 'timestamptz'], ['payment_intent_id', 'text'], ['apply_clicks', 'integer'], ['views', 'integer'],
    ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
  ],
} as const satisfies TTableShape;

export const JOB_TAGS = {
  name: 'job_tags',
  columns: [['job_id', 'integer'], ['tag', 'text'], ['position', 'integer']],
} as const satisfies TTableShape;

export const PAYMENTS = {
  name: 'payments',
  columns: [
    ['id', 'integer'], ['job_id', 'integer'], ['provider', 'text'], ['provider_payment_id', 'text'], ['amount', 'integer'], ['currency', 'text'],
    ['status', 'text'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
  ],
} as const satisfies TTableShape;

/** Every table the seed fills. */
export const SEEDED_TABLES = [
  USERS, INVITATION_CODES, PROJECTS, PROJECT_CATEGORIES, PROJECT_TAGS, PROJECT_MEDIA, LIKES, PROJECT_VIEWS, FOLLOWS, JOBS, JOB_TAGS, PAYMENTS,
].map((table) => table.name);

/** Tables whose ids the seed writes itself (their sequences must move past them). */
export const TABLES_WITH_IDS = [USERS.name, INVITATION_CODES.name, PROJECTS.name, PROJECT_MEDIA.name, JOBS.name, PAYMENTS.name];
