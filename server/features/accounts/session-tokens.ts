import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token for the cookie; only its SHA-256 is stored. */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSessionToken(token) };
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 128 random bits naming a session in the API; unlike the token it signs nobody in. */
export function newSessionPublicId(): string {
  return randomBytes(16).toString('base64url');
}
