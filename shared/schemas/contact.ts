import { z } from 'zod';
import { CAREER_POSITIONS, CONTACT_LIMITS, EXPERIENCE_LEVELS, SUPPORT_CATEGORIES } from '../constants';
import { ZEmail, ZId, ZIdParam, ZTimestamp } from './common';

/** Bots fill every field; people never see this one (it is hidden on the page). */
export const HONEYPOT_FIELD = 'website';

export const SUPPORT_RECIPIENT = 'support';
export const CAREERS_RECIPIENT = 'careers';

/**
 * POST /api/contact (SPEC §7): hire and contact messages go to a creator (recipientId = the
 * creator's id); support and career messages to the site (recipientId 'support' or 'careers').
 */
export const ZContactRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(CONTACT_LIMITS.name, 'Name is too long'),
  email: ZEmail,
  subject: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.subject, 'Subject is too long')
    .nullish()
    .transform((value) => value || null),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(CONTACT_LIMITS.message, 'Message is too long'),
  recipientId: z.union([z.literal(SUPPORT_RECIPIENT), z.literal(CAREERS_RECIPIENT), ZIdParam], { error: 'Unknown recipient' }),
  projectId: ZIdParam.nullish().transform((value) => value ?? null),
  projectTitle: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((value) => value || null),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;
export type TContactBody = z.input<typeof ZContactRequest>;

/** What the support and career forms send: a contact request to the site, the honeypot aside. */
export type TSiteMessage = Omit<TContactBody, typeof HONEYPOT_FIELD>;

function siteMessage(
  recipientId: typeof SUPPORT_RECIPIENT | typeof CAREERS_RECIPIENT,
  { name, email }: { name: string; email: string },
  subject: string,
  message: string,
  projectTitle: string | null = null,
): TSiteMessage {
  return { name, email, subject, message, recipientId, projectId: null, projectTitle };
}

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((option) => option.value === value)?.label ?? value;
const ZRequired = (max: number) => z.string().trim().min(1).max(max);
/** Strings while nothing is chosen (the select shows its placeholder), one of the keys once sent. */
const ZChoice = <T extends string>(options: readonly { value: T }[]) => z.string().pipe(z.enum(options.map((option) => option.value)));

// The longest category label, so the composed subject and message stay within what the server accepts.
const LONGEST_CATEGORY = Math.max(...SUPPORT_CATEGORIES.map((category) => category.label.length));

/** Room left for what people type once the support request's labels are around it. */
export const SUPPORT_FORM_LIMITS = {
  subject: CONTACT_LIMITS.subject - 'Support Request - : '.length - LONGEST_CATEGORY,
  message: CONTACT_LIMITS.message - 'Category: \n\n'.length - LONGEST_CATEGORY,
} as const;

/** 'Contact Support' (SPEC §5): every field required. */
export const ZSupportForm = z.object({
  name: ZRequired(CONTACT_LIMITS.name),
  email: ZRequired(CONTACT_LIMITS.email),
  subject: ZRequired(SUPPORT_FORM_LIMITS.subject),
  category: ZChoice(SUPPORT_CATEGORIES),
  message: ZRequired(SUPPORT_FORM_LIMITS.message),
});

/**
 * SPEC §7: 'Support Request - {category}: {subject}', the message starting with the category. Both
 * use the label people chose from ('Technical Problems'), not the key ('technical'): people read these e-mails.
 */
export function toSupportRequest(values: z.output<typeof ZSupportForm>): TSiteMessage {
  const category = labelOf(SUPPORT_CATEGORIES, values.category);
  return siteMessage(SUPPORT_RECIPIENT, values, `Support Request - ${category}: ${values.subject}`, `Category: ${category}\n\n${values.message}`);
}

/** With the labels around them, a cover letter and a resume link stay well inside the 5000 characters of a message. */
export const CAREER_FORM_LIMITS = { coverLetter: 4000, resumeUrl: 500 } as const;

/** 'Apply Now' (SPEC §3, §5): everything but the resume link required. */
export const ZCareerForm = z.object({
  name: ZRequired(CONTACT_LIMITS.name),
  email: ZRequired(CONTACT_LIMITS.email),
  position: ZChoice(CAREER_POSITIONS),
  experience: ZChoice(EXPERIENCE_LEVELS),
  message: ZRequired(CAREER_FORM_LIMITS.coverLetter),
  resumeUrl: z.string().trim().max(CAREER_FORM_LIMITS.resumeUrl),
});

/** SPEC §7: the position by its label in the subject; the message lists everything, 'Not provided' for a blank resume link. */
export function toCareerApplication(values: z.output<typeof ZCareerForm>): TSiteMessage {
  const position = labelOf(CAREER_POSITIONS, values.position);
  const message = [
    `Position: ${position}`,
    `Experience Level: ${labelOf(EXPERIENCE_LEVELS, values.experience)}`,
    '',
    'Cover Letter:',
    values.message,
    '',
    `Resume/Portfolio: ${values.resumeUrl || 'Not provided'}`,
  ].join('\n');
  return siteMessage(CAREERS_RECIPIENT, values, `Career Application - ${position}`, message, 'Career Application');
}

/** A message in the creator's inbox: the sender's own name and address, for replying. */
export const ZInboxMessage = z
  .object({
    id: ZId,
    name: z.string(),
    email: z.string(),
    subject: z.string().nullable(),
    message: z.string(),
    projectId: ZId.nullable(),
    projectTitle: z.string().nullable(),
    createdAt: ZTimestamp,
    readAt: ZTimestamp.nullable(),
  })
  .meta({ id: 'InboxMessage' });
export type TInboxMessage = z.output<typeof ZInboxMessage>;
export const ZInboxMessageList = z.array(ZInboxMessage);

export const ZUnreadCount = z.object({ count: z.number().int().nonnegative() });
export type TUnreadCount = z.output<typeof ZUnreadCount>;

/** GET /api/stats (SPEC §3): counted from the database. */
export const ZSiteStats = z.object({
  users: z.number().int().nonnegative(),
  projects: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
});
export type TSiteStats = z.output<typeof ZSiteStats>;

/** GET /api/site: what pages need from the configuration. */
export const ZSiteInfo = z.object({ siteName: z.string(), supportEmail: z.string() });
export type TSiteInfo = z.output<typeof ZSiteInfo>;
