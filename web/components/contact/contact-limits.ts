/** The lengths POST /api/contact accepts (ZContactRequest), as input limits so nobody types past them. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;
