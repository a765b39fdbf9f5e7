// A member's own sessions (Settings → Sessions): where they are signed in, and ending them.
import { z } from 'zod';
import { ZTimestamp } from './common';

export const ZSession = z
  .object({
    /** A random public id, never the token or its hash. */
    id: z.string(),
    /** Read from the User-Agent: 'Chrome 131', 'Unknown browser'. */
    browser: z.string(),
    /** 'macOS', 'Windows 10', 'Unknown OS'. */
    os: z.string(),
    lastSeenAt: ZTimestamp,
    createdAt: ZTimestamp,
    /** The session this request came with. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type TSession = z.output<typeof ZSession>;
export const ZSessionList = z.array(ZSession);

/** `/api/auth/sessions/:id`: a session's public id. */
export const ZSessionParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid id') });

/** How many sessions were ended. */
export const ZEndedSessions = z.object({ ended: z.number().int().min(0) });
export type TEndedSessions = z.output<typeof ZEndedSessions>;
