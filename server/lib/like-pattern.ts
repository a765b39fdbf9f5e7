/** LIKE pattern for a plain, case-folded substring (used with `escape '\'`): %, _ and \ in the text match only themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
