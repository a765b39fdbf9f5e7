// Where a job card's Apply link leads (SPEC §2).

/** A value with an '@' becomes a mailto: link, any other value is used as is, and no value gives '#'. */
export function applicationLink(applicationUrl: string | null | undefined): string {
  const value = applicationUrl?.trim();
  if (!value) return '#';
  return value.includes('@') ? `mailto:${value}` : value;
}
