import { z } from 'zod';
import { ROLES, type TRole } from '../roles';
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

export const ZRole = z.enum(ROLES).meta({ id: 'Role' });
export type { TRole };

/** The signed-in member's own view: /api/auth/me is the only place the e-mail appears. */
export const ZCurrentUser = ZPublicUser.extend({
  email: z.string(),
  role: ZRole,
  /** Mature projects shown without blur (off until the member opts in). */
  showMature: z.boolean(),
}).meta({ id: 'CurrentUser' });
export type TCurrentUser = z.output<typeof ZCurrentUser>;

/** GET /api/auth/me: the signed-in member, or null for a visitor (200 either way, so no page logs an error). */
export const ZCurrentUserOrVisitor = ZCurrentUser.nullable();
export type TCurrentUserOrVisitor = z.output<typeof ZCurrentUserOrVisitor>;

/** PUT /api/auth/preferences: the member's viewing choices. */
export const ZPreferencesRequest = z.object({ showMature: z.boolean() });
export type TPreferencesRequest = z.input<typeof ZPreferencesRequest>;
