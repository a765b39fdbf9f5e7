import { z } from 'zod';

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
export interface TInboxMessage {
  id: number;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  projectId: number | null;
  projectTitle: string | null;
  createdAt: string;
  readAt: string | null;
}

/** GET /api/stats (SPEC §3): counted from the database. */
export interface TSiteStats {
  users: number;
  projects: number;
  views: number;
  likes: number;
}

/** GET /api/site: what pages need from the configuration. */
export interface TSiteInfo {
  siteName: string;
  supportEmail: string;
}
