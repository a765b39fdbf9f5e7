// User text → search terms. Only letters and digits survive, so quotes, FTS operators,
// SQL and emoji are never syntax to either engine; the last word matches as a prefix.

const MAX_TERMS = 12;
const MAX_TERM_LENGTH = 40;

export function searchTerms(query: string): string[] {
  // Accents are dropped (NFKD, then combining marks removed) so 'néon' finds 'neon'.
  const folded = query.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_TERMS).map((word) => word.slice(0, MAX_TERM_LENGTH));
}

/** FTS5: every term must match ("a" "b"*), each quoted so it is a plain string. */
export function ftsMatchExpression(terms: string[]): string {
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ');
}

/** PostgreSQL to_tsquery: a & b:* (terms hold only letters and digits). */
export function tsQueryExpression(terms: string[]): string {
  return terms.map((term, index) => `${term}${index === terms.length - 1 ? ':*' : ''}`).join(' & ');
}
