// Jobs and job payments: the SPEC §5 job form, shared by the post-job page and POST /api/jobs,
// and the shapes the job and payment calls answer with.
import { z } from 'zod';
import { JOB_LIMITS, JOB_PAGE_SIZE, JOB_TYPES, MAX_PAGE_SIZE, PAYMENTS_MODES, type TJobType } from '../constants';
import { ZId, ZOptionalText, ZOptionalUrl, ZPageQuery, ZTimestamp } from './common';
import { ZModerationNote } from './moderation';
import { dedupeTags } from './project';

export const MAX_TAGS_PER_JOB = 20;

export const JOB_MESSAGES = {
  titleRequired: 'Job title is required',
  titleTooLong: 'Title too long',
  companyRequired: 'Company name is required',
  companyTooLong: 'Company name too long',
  locationRequired: 'Location is required',
  locationTooLong: 'Location too long',
  descriptionTooShort: `Description must be at least ${JOB_LIMITS.descriptionMin} characters`,
  descriptionTooLong: 'Description too long',
  requirementsTooShort: `Requirements must be at least ${JOB_LIMITS.requirementsMin} characters`,
  requirementsTooLong: 'Requirements too long',
  tagsRequired: 'At least one tag is required',
  applicationRequired: 'Application method is required',
  applicationInvalid: 'Must be a valid URL or email address',
} as const;

const ZRequiredText = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(JOB_LIMITS.textMax, tooLong);

const ZLongText = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);

/** Comma-separated in the form, a list (or the same comma string) in the API: trimmed, empties and repeats dropped. */
const ZJobTags = z
  .union([z.string(), z.array(z.string())], { error: JOB_MESSAGES.tagsRequired })
  .transform((value) => dedupeTags((Array.isArray(value) ? value : [value]).flatMap((part) => part.split(','))))
  .pipe(
    z
      .array(z.string().max(40, 'Tags are at most 40 characters'))
      .min(1, JOB_MESSAGES.tagsRequired)
      .max(MAX_TAGS_PER_JOB, `At most ${MAX_TAGS_PER_JOB} tags`),
  );

// No ':' or '/' in an e-mail: "https://user@host" is a URL, never a mailto.
const EMAIL_SHAPE = /^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/;

export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}

/**
 * The application method as stored: an e-mail address as given (a leading `mailto:` dropped),
 * or an http(s) URL with `https://` added when no scheme was typed, whose host has a dot and
 * at least 4 characters. Null when it is neither. Only http(s) survives, so a stored link can
 * never be `javascript:` or the like.
 */
export function normalizeApplicationMethod(raw: string): string | null {
  const value = raw.trim();
  const address = value.replace(/^mailto:/i, '');
  if (isEmailShaped(address)) return address;
  // Job cards turn any value with an '@' into a mailto: link (SPEC §2), so a URL may not hold one
  // (that also rules out "https://trusted.example@elsewhere.example").
  if (value.includes('@')) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') || url.hostname.length < 4) return null;
    return withScheme;
  } catch {
    return null;
  }
}

/** Where applying leads: a mailto: link for an e-mail address, else the URL itself. */
export function applicationHref(applicationUrl: string): string {
  return isEmailShaped(applicationUrl) ? `mailto:${applicationUrl}` : applicationUrl;
}

const ZApplicationUrl = z
  .string({ error: JOB_MESSAGES.applicationRequired })
  .trim()
  // abort: an empty field gets one message, not also 'Must be a valid URL or email address'.
  .min(1, { error: JOB_MESSAGES.applicationRequired, abort: true })
  .max(2048, JOB_MESSAGES.applicationInvalid)
  .refine((value) => normalizeApplicationMethod(value) !== null, JOB_MESSAGES.applicationInvalid)
  .transform((value) => normalizeApplicationMethod(value) ?? value);

const jobFields = {
  title: ZRequiredText(JOB_MESSAGES.titleRequired, JOB_MESSAGES.titleTooLong),
  company: ZRequiredText(JOB_MESSAGES.companyRequired, JOB_MESSAGES.companyTooLong),
  location: ZRequiredText(JOB_MESSAGES.locationRequired, JOB_MESSAGES.locationTooLong),
  type: z.enum(JOB_TYPES).default('Full-time'),
  salary: ZOptionalText(JOB_LIMITS.textMax, 'Salary too long'),
  description: ZLongText(JOB_LIMITS.descriptionMin, JOB_LIMITS.descriptionMax, JOB_MESSAGES.descriptionTooShort, JOB_MESSAGES.descriptionTooLong),
  requirements: ZLongText(JOB_LIMITS.requirementsMin, JOB_LIMITS.requirementsMax, JOB_MESSAGES.requirementsTooShort, JOB_MESSAGES.requirementsTooLong),
  tags: ZJobTags,
  applicationUrl: ZApplicationUrl,
  companyLogo: ZOptionalUrl(),
};

/** The post-job form: tags typed comma-separated, remote a checkbox. */
export const ZJobForm = z.object({ ...jobFields, remote: z.boolean().default(false) });
export type TJobFormValues = z.input<typeof ZJobForm>;
export type TJobFormOutput = z.output<typeof ZJobForm>;

/** POST /api/jobs: the form's fields, with remote sent as 'true'/'false' (SPEC §7; a boolean is taken too). */
export const ZCreateJobRequest = z.object({
  ...jobFields,
  remote: z
    .union([z.enum(['true', 'false']), z.boolean()])
    .default('false')
    .transform((value) => value === true || value === 'true'),
});
export type TCreateJobRequest = z.output<typeof ZCreateJobRequest>;
export type TCreateJobBody = z.input<typeof ZCreateJobRequest>;

/** The validated form as the API takes it. */
export function toCreateJobBody(form: TJobFormOutput): TCreateJobBody {
  return { ...form, remote: form.remote ? 'true' : 'false' };
}

/** One's own jobs come whole in one page unless asked otherwise: there are few of them. */
export const ZJobPageQuery = ZPageQuery.extend({ limit: ZPageQuery.shape.limit.removeDefault().default(MAX_PAGE_SIZE) });

/** The board: a page as big as the client shows at once ('Load More Jobs' asks for the next). */
export const ZListJobsQuery = ZPageQuery.extend({
  limit: ZPageQuery.shape.limit.removeDefault().default(JOB_PAGE_SIZE),
  /** Case-insensitive substring of title, company or description (SPEC §5). */
  q: z.string().trim().max(100).optional(),
  /** '' and 'All Types' (the dropdown's first entry) mean no filter. */
  type: z
    .enum([...JOB_TYPES, 'All Types', ''])
    .optional()
    .transform((value): TJobType | undefined => (value === 'All Types' || value === '' ? undefined : value)),
  /** 'true': remote jobs only; 'false' or '' mean no filter. */
  remote: z
    .union([z.enum(['true', 'false', '']), z.boolean()])
    .optional()
    .transform((value) => value === true || value === 'true'),
  /** Case-insensitive substring of the job's location ('berlin' finds 'Berlin, Germany'). */
  location: z.string().trim().max(100).optional(),
});
export type TListJobsQuery = z.output<typeof ZListJobsQuery>;

export const JOB_STATUSES = ['pending_payment', 'active', 'expired'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

/** A job as every read answers it (SPEC §3), never with the poster's e-mail. */
export const ZJob = z
  .object({
    id: ZId,
    title: z.string(),
    company: z.string(),
    companyLogo: z.string().nullable(),
    description: z.string(),
    requirements: z.string(),
    location: z.string(),
    remote: z.enum(['true', 'false']),
    type: z.enum(JOB_TYPES),
    salary: z.string().nullable(),
    tags: z.array(z.string()),
    /** An http(s) URL or an e-mail address. */
    applicationUrl: z.string(),
    /** The counting redirect to the application link (GET, 302). */
    applyUrl: z.string(),
    createdAt: ZTimestamp,
    /** 'Former member' once the poster has deleted their account. */
    user: z.object({ name: z.string() }),
    /** 'active' only while activeUntil is ahead. */
    status: z.enum(JOB_STATUSES),
    activeUntil: ZTimestamp.nullable(),
    /** Hidden by a moderator: why, for its poster and staff (nobody else gets a hidden job). */
    moderation: ZModerationNote.nullable().optional(),
  })
  .meta({ id: 'Job' });
export type TJob = z.output<typeof ZJob>;
export const ZJobList = z.array(ZJob);

/** The poster's own view (GET /api/jobs/mine): with the listing's numbers. */
export const ZMyJob = ZJob.extend({ views: z.number().int(), applyClicks: z.number().int() }).meta({ id: 'MyJob' });
export type TMyJob = z.output<typeof ZMyJob>;
export const ZMyJobList = z.array(ZMyJob);

/**
 * GET /api/jobs/{id}: the poster sees their own numbers, anyone else the public listing; isOwn
 * says whether the viewer posted it (no Report button on one's own job), never who did.
 */
export const ZJobView = ZJob.extend({
  isOwn: z.boolean(),
  views: z.number().int().optional(),
  applyClicks: z.number().int().optional(),
}).meta({ id: 'JobView' });
export type TJobView = z.output<typeof ZJobView>;

/** PATCH /api/jobs/{id}: the whole job form again, with the posting form's rules and messages. */
export const ZUpdateJobRequest = ZCreateJobRequest;
export type TUpdateJobRequest = z.output<typeof ZUpdateJobRequest>;

export const ZConfirmPaymentRequest = z.object({
  paymentIntentId: z.string({ error: 'paymentIntentId is required' }).trim().min(1, 'paymentIntentId is required').max(255),
});
export type TConfirmPaymentRequest = z.infer<typeof ZConfirmPaymentRequest>;

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type TPaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/payments/config: whether the site takes payments, and which card form the page shows. */
export const ZPaymentsConfig = z.object({
  /** PAYMENTS_MODE: stripe (real cards), test (the offline 'Test mode' card form) or off (no job posting). */
  paymentsMode: z.enum(PAYMENTS_MODES),
  /** The provider that takes the card; absent while payments are off. */
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  /** Stripe only: the key Stripe.js is loaded with. */
  publishableKey: z.string().optional(),
});
export type TPaymentsConfig = z.output<typeof ZPaymentsConfig>;

/** POST /api/jobs/{id}/payment (SPEC §3, Payment session). */
export const ZPaymentSession = ZPaymentsConfig.extend({
  provider: z.enum(PAYMENT_PROVIDERS),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
export type TPaymentSession = z.output<typeof ZPaymentSession>;

/** POST /api/payments/test/confirm: what the test-mode card form sends. */
export const ZTestCardPaymentRequest = z.object({
  clientSecret: z.string().min(1).max(255),
  cardNumber: z.string().max(40),
  /** MM/YY (spaces allowed). */
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});
export type TTestCardPaymentRequest = z.infer<typeof ZTestCardPaymentRequest>;

/** Like Stripe's confirmCardPayment result (SPEC §3, payment result). */
export const ZTestCardPaymentResult = z.object({ paymentIntent: z.object({ id: z.string(), status: z.string() }) });
export type TTestCardPaymentResult = z.output<typeof ZTestCardPaymentResult>;

/** What a webhook delivery is answered with (Stripe reads only the status). */
export const ZWebhookOutcome = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  /** Verified, recorded, and deliberately left alone (retrying would not change it). */
  ignored: z.string().optional(),
});
export type TWebhookOutcome = z.output<typeof ZWebhookOutcome>;

export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;
