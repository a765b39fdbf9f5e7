import { z } from 'zod';
import { ZId, ZTimestamp } from './common';

/** Bots fill every field; people never see this one (it is hidden on the page). */
export const HONEYPOT_FIELD = 'website';

export const SUPPORT_RECIPIENT = 'support';
export const CAREERS_RECIPIENT = 'careers';

/**
 * POST /api/contact (SPEC §7): hire and contact messages go to a creator (recipientId = the
 * creator's id); support and career messages to the site (recipientId 'support' or 'careers').
 */
export const ZContactRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  subject: z
    .string()
    .trim()
    .max(200, 'Subject is too long')
    .nullish()
    .transform((value) => value || null),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000, 'Message is too long'),
  recipientId: z.union([z.literal(SUPPORT_RECIPIENT), z.literal(CAREERS_RECIPIENT), z.coerce.number().int().positive()], {
    error: 'Unknown recipient',
  }),
  projectId: z.coerce.number().int().positive().nullish().transform((value) => value ?? null),
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
