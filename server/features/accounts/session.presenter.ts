// A session as its member sees it in Settings: browser and OS read from the User-Agent it
// was started with (bowser), never the token or its hash.
import Bowser from 'bowser';
import type { TSession } from '../../../shared/schemas/session';
import type { TSessionRow } from './sessions.repo';

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_OS = 'Unknown OS';

/** 'Chrome 131' and 'macOS' / 'Windows 10' from a User-Agent; the unknown names when it says nothing. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: UNKNOWN_BROWSER, os: UNKNOWN_OS };
  const parsed = Bowser.parse(userAgent);
  const browserName = parsed.browser.name;
  const major = parsed.browser.version?.split('.')[0];
  return { browser: browserName ? (major ? `${browserName} ${major}` : browserName) : UNKNOWN_BROWSER, os: osOf(parsed.os) };
}

/** macOS user agents froze at 10.15.7, so its version says nothing; Windows has names ('10'), phones numbers. */
function osOf(os: { name?: string; version?: string; versionName?: string }): string {
  if (!os.name) return UNKNOWN_OS;
  if (os.name === 'macOS') return os.name;
  if (os.versionName) return `${os.name} ${os.versionName}`;
  const major = os.version?.split('.')[0];
  return (os.name === 'iOS' || os.name === 'Android') && major ? `${os.name} ${major}` : os.name;
}

export function toSession(row: TSessionRow, currentTokenHash: string | null): TSession {
  return {
    id: row.public_id,
    ...describeUserAgent(row.user_agent),
    lastSeenAt: row.last_seen_at,
    createdAt: row.created_at,
    current: row.token_hash === currentTokenHash,
  };
}
