/** Where the legal pages send questions (SPEC §2: static pages name a contact address). */
export const CONTACT_EMAIL = 'support@example.com';

/** SPEC §2: Terms, Privacy and Cookie Policy were last updated on this date. */
export const LEGAL_LAST_UPDATED = 'January 6, 2025';
