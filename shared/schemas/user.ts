/** What anyone may see of a member: never the e-mail or anything secret. */
export interface TPublicUser {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  bio: string | null;
  website: string | null;
  location: string | null;
  profileImageUrl: string | null;
  title: string | null;
  twitterUrl: string | null;
  dribbbleUrl: string | null;
  behanceUrl: string | null;
  createdAt: string;
}

/** The signed-in member's own view: /api/auth/me is the only place the e-mail appears. */
export interface TCurrentUser extends TPublicUser {
  email: string;
}
