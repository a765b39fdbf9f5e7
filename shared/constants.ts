// Business constants and limits from SPEC §9, named once and imported everywhere.

export const UPLOAD_CATEGORIES = [
  'Animation',
  'Branding',
  'Illustration',
  'Mobile',
  'Print',
  'Production Design',
  'Web Design',
  'Social',
] as const;
export type TUploadCategory = (typeof UPLOAD_CATEGORIES)[number];

export const TRENDING_CATEGORIES: readonly string[] = ['Animation', 'Illustration', 'Mobile', 'Web Design', 'Social'];

export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Freelance'] as const;
export type TJobType = (typeof JOB_TYPES)[number];

/** Ids and counters are 32-bit integers in both engines. */
export const ID_MAX = 2_147_483_647;

/** Trending score = likes x 2 + views x 0.1 (SPEC §9): the weights every computation of it uses. */
export const TRENDING_WEIGHTS = { likes: 2, views: 0.1 } as const;

export function trendingScore(likes: number, views: number): number {
  return likes * TRENDING_WEIGHTS.likes + views * TRENDING_WEIGHTS.views;
}

export const GALLERY_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
/** Top-level comments per page of a project's list (here, not in the comment schemas, so the page's list loads without zod). */
export const COMMENTS_PAGE_SIZE = 10;
/** Collections one member may have. */
export const MAX_COLLECTIONS = 100;
/** The job board loads this many cards at a time; 'Load More Jobs' asks for the next ones. */
export const JOB_PAGE_SIZE = 20;
export const DISCOVER_TAB_SIZE = 12;
export const PROJECT_SKELETONS = 8;
export const JOB_SKELETONS = 5;
/** List view shows up to 3 tags per project (SPEC §9). */
export const LIST_VIEW_TAGS = 3;

/** The longest e-mail address there can be (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound so a huge "password" cannot be used to burn server CPU in argon2. */
export const PASSWORD_MAX_LENGTH = 256;
export const INVITES_FOR_NEW_USER = 3;
export const INVITE_GENERATE_BATCH = 3;
/** Sessions a member may hold: signing in once more ends the least recently used. */
export const MAX_SESSIONS_PER_MEMBER = 50;
/** Characters of a User-Agent kept with a session (enough to tell the browser and OS). */
export const SESSION_USER_AGENT_MAX = 256;
/** Days an unused invitation code works (INVITE_TTL_DAYS overrides). */
export const INVITE_TTL_DAYS = 30;
/** Crockford base32 without I, L, O, U: easy to read aloud, 10 characters = 50 bits. */
export const INVITE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const INVITE_CODE_LENGTH = 10;

/** What an uploaded file is shown as (SPEC §3). */
export const MEDIA_KINDS = ['image', 'gif', 'video'] as const;
export type TMediaKind = (typeof MEDIA_KINDS)[number];
/** A video is 'processing' until its browser-ready MP4 exists; 'failed' when it could not be made. */
export const MEDIA_STATUSES = ['ready', 'processing', 'failed'] as const;
export type TMediaStatus = (typeof MEDIA_STATUSES)[number];

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 20 * 1024 * 1024;

export const JOB_PRICE_CENTS = 25_000;
/** Lower case, as payment providers write currencies. */
export const JOB_PRICE_CURRENCY = 'usd';
export const JOB_LISTING_DAYS = 60;
/** PAYMENTS_MODE: real cards through Stripe, the offline test provider, or no payments (job posting unavailable). */
export const PAYMENTS_MODES = ['stripe', 'test', 'off'] as const;
export type TPaymentsMode = (typeof PAYMENTS_MODES)[number];
/** What the post-job page says, and the server answers (503), while payments are off. */
export const PAYMENTS_OFF_MESSAGE = 'Job posting is not available yet: payments are not configured on this site.';
/** Job form limits (SPEC §5, §9). */
export const JOB_LIMITS = {
  textMax: 100,
  descriptionMin: 50,
  descriptionMax: 2000,
  requirementsMin: 20,
  requirementsMax: 1000,
} as const;

export const PROJECTS_CACHE_MS = 5 * 60 * 1000;

/** Lists answer an array; paging travels in headers so the SPEC's list shape stays. */
export const PAGE_HEADERS = { nextCursor: 'x-next-cursor', hasMore: 'x-has-more', totalCount: 'x-total-count' } as const;

/** Units of time in milliseconds, for durations written as '24 * HOUR_MS'. */
export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Timings from SPEC §9, in milliseconds. */
export const TIMINGS = {
  cookieBannerDelay: 1500,
  tourAutoStartDelay: 1000,
  failedLikeRedirect: 1000,
  loggedOutUploadRedirect: 500,
  postUploadRedirect: 1000,
  deleteAccountRedirect: 1000,
  copyConfirmation: 2000,
  typingPerCharacter: 50,
  confettiDuration: 5000,
  konamiDuration: 10_000,
} as const;

export const CONFETTI_CLICKS = 7;
export const CONFETTI_HINT_CLICKS = 3;

/** Storage keys (SPEC §3). */
export const STORAGE_KEYS = {
  cookieConsent: 'cookie-consent',
  onboardingCompletedPrefix: 'onboarding-completed',
  headerSearchQuery: 'headerSearchQuery',
} as const;

export const COOKIE_CONSENT_VALUES = ['accepted', 'declined', 'dismissed'] as const;
export type TCookieConsent = (typeof COOKIE_CONSENT_VALUES)[number];

export const DEFAULT_SITE_NAME = 'Portfolio Platform';
/** Shown in place of a member who has deleted their account (a paid job's poster, a used code's member). */
export const FORMER_MEMBER_NAME = 'Former member';
export const COPYRIGHT_YEAR = 2025;

/** Support form categories (SPEC §3): the key, and the label people see. */
export const SUPPORT_CATEGORIES = [
  { value: 'account', label: 'Account & Profile' },
  { value: 'upload', label: 'Upload Issues' },
  { value: 'billing', label: 'Billing & Payments' },
  { value: 'technical', label: 'Technical Problems' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'abuse', label: 'Report Abuse' },
  { value: 'general', label: 'General Inquiry' },
] as const;

/** Career application positions (SPEC §3). */
export const CAREER_POSITIONS = [
  { value: 'frontend-developer', label: 'Frontend Developer' },
  { value: 'backend-developer', label: 'Backend Developer' },
  { value: 'fullstack-developer', label: 'Full-Stack Developer' },
  { value: 'ui-ux-designer', label: 'UI/UX Designer' },
  { value: 'product-manager', label: 'Product Manager' },
  { value: 'marketing-specialist', label: 'Marketing Specialist' },
  { value: 'community-manager', label: 'Community Manager' },
  { value: 'data-analyst', label: 'Data Analyst' },
  { value: 'devops-engineer', label: 'DevOps Engineer' },
  { value: 'other', label: 'Other' },
] as const;

/** Career application experience levels (SPEC §3). */
export const EXPERIENCE_LEVELS = [
  { value: 'entry', label: 'Entry Level (0-2 years)' },
  { value: 'mid', label: 'Mid Level (2-5 years)' },
  { value: 'senior', label: 'Senior (5+ years)' },
  { value: 'lead', label: 'Lead/Principal (8+ years)' },
  { value: 'executive', label: 'Executive/Director' },
] as const;

/** The longest name, e-mail, subject and message POST /api/contact accepts; the forms stop typing there too. */
export const CONTACT_LIMITS = { name: 100, email: EMAIL_MAX_LENGTH, subject: 200, message: 5000 } as const;

/** Support promises (SPEC §9). */
export const SUPPORT_REPLY_HOURS = 24;
/** A password reset link works once, for this long (issue 13; the SPEC's help text said 24 hours). */
export const PASSWORD_RESET_LINK_HOURS = 1;
/** A link confirming a new e-mail address works once, for this long. */
export const EMAIL_CHANGE_LINK_HOURS = 24;
export const LIVE_CHAT_HOURS = 'Mon-Fri 9 AM-6 PM EST';

/** Notifications: a page of /notifications; the bell asks for the unread count at most this often (and on return to the tab). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const UNREAD_POLL_MS = 60_000;
/** The daily notification digest goes out at this hour (UTC), with what arrived since the last one. */
export const DIGEST_HOUR_UTC = 8;
