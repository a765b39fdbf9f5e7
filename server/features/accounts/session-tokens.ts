import { hash, randomBytes } from 'node:crypto';

/** A 256-bit random token for the cookie; only its SHA-256 is stored. */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSessionToken(token) };
}

/** Worked out on every signed-in request: the one-shot `hash` makes no Hash object (a third of createHash's time). */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** 128 random bits naming a session in the API; unlike the token it signs nobody in. */
export function newSessionPublicId(): string {
  return randomBytes(16).toString('base64url');
}
