// Table types for Kysely. Timestamps are ISO-8601 strings on both engines
// (connect.ts makes PostgreSQL return them that way); flags are 0/1 integers.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  bio: string | null;
  website: string | null;
  location: string | null;
  profile_image_url: string | null;
  title: string | null;
  twitter_url: string | null;
  dribbble_url: string | null;
  behance_url: string | null;
  invited_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, hex: the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface InvitationCodesTable {
  id: Generated<number>;
  code: string;
  /** Null for operator codes made with `npm run invite`, or once the owner has left. */
  owner_id: number | null;
  used_by: number | null;
  used_at: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  invitation_codes: InvitationCodesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type InvitationCodeRow = Selectable<InvitationCodesTable>;
