import { z } from 'zod';
import { ZId } from './common';
import { ZPublicUser } from './user';

const ZCount = z.number().int().nonnegative();

/** A creator's public page: profile, real figures from the database, and the invite tree. */
export const ZCreatorProfile = z
  .object({
    user: ZPublicUser,
    stats: z.object({
      projects: ZCount,
      /** Likes and views received over all their projects. */
      likes: ZCount,
      views: ZCount,
      /** Projects they liked. */
      liked: ZCount,
      followers: ZCount,
      following: ZCount,
    }),
    /** Whether the viewer follows them (false when signed out or for oneself). */
    isFollowing: z.boolean(),
    /** Whether the viewer blocked them (false when signed out or for oneself). */
    isBlocked: z.boolean(),
    /** Who invited them, while that member is still here. */
    invitedBy: z.object({ id: ZId, name: z.string() }).nullable(),
  })
  .meta({ id: 'CreatorProfile' });
export type TCreatorProfile = z.output<typeof ZCreatorProfile>;

export const ZCategorySummary = z.object({
  name: z.string(),
  projects: ZCount,
  creators: ZCount,
  trending: z.boolean(),
});
export type TCategorySummary = z.output<typeof ZCategorySummary>;
export const ZCategorySummaries = z.array(ZCategorySummary);
