/** SPEC §2: Terms, Privacy and Cookie Policy were last updated on this date. */
export const LEGAL_LAST_UPDATED = 'January 6, 2025';
