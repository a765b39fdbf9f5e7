import { z } from 'zod';
import { ZId, ZTimestamp } from './common';

/** What anyone may see of a member (SPEC §3 User without the e-mail): never anything secret. */
export const ZPublicUser = z
  .object({
    id: ZId,
    /** First plus last name (SPEC §2 display name). */
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    bio: z.string().nullable(),
    website: z.string().nullable(),
    location: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    title: z.string().nullable(),
    twitterUrl: z.string().nullable(),
    dribbbleUrl: z.string().nullable(),
    behanceUrl: z.string().nullable(),
    createdAt: ZTimestamp,
  })
  .meta({ id: 'PublicUser' });
export type TPublicUser = z.output<typeof ZPublicUser>;

/** The signed-in member's own view: /api/auth/me is the only place the e-mail appears. */
export const ZCurrentUser = ZPublicUser.extend({ email: z.string() }).meta({ id: 'CurrentUser' });
export type TCurrentUser = z.output<typeof ZCurrentUser>;
