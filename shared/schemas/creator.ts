import type { TPublicUser } from './user';

/** A creator's public page: profile, real figures from the database, and the invite tree. */
export interface TCreatorProfile {
  user: TPublicUser;
  stats: {
    projects: number;
    /** Likes and views received over all their projects. */
    likes: number;
    views: number;
    /** Projects they liked. */
    liked: number;
    followers: number;
    following: number;
  };
  /** Whether the viewer follows them (false when signed out or for oneself). */
  isFollowing: boolean;
  /** Who invited them, while that member is still here. */
  invitedBy: { id: number; name: string } | null;
}

export interface TCategorySummary {
  name: string;
  projects: number;
  creators: number;
  trending: boolean;
}
