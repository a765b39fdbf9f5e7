// Members' roles and who counts as staff, kept free of zod so any page may check them cheaply.

/** What a member may do beyond their own work: moderators act on reports; admins also read the audit log and set roles. */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type TRole = (typeof ROLES)[number];

/** Moderators and admins: who sees /admin and may act on reports. */
export function isStaff(role: TRole): boolean {
  return role === 'moderator' || role === 'admin';
}
