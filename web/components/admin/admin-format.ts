// How /admin shows its numbers: money, disk use, days on the charts, and suspension lengths.

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1000 ** 2;
const GB = 1000 ** 3;

/** Revenue from cents: '$1,250.00'. */
export function dollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** Disk use in MB below a gigabyte, else GB: '0.4 MB', '512.3 MB', '1.25 GB' (decimal units, as disks are sold). */
export function diskSize(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 })} GB`;
  return `${(bytes / MB).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
}

/** A chart's UTC day ('2026-11-26') as 'Nov 26', read as UTC so no time zone moves it a day. */
export function shortDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Each value as a share of the largest, in percent (all zero when nothing happened). */
export function barShares(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((value) => (max === 0 ? 0 : (value / max) * 100));
}

export const SUSPENSION_LENGTHS = [
  { value: '1', label: '1 day', days: 1 },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: 'forever', label: 'For good', days: null },
] as const;
export type TSuspensionLength = (typeof SUSPENSION_LENGTHS)[number]['value'];

/** The `until` a suspension request carries: a time that many days from now, or null for good. */
export function suspensionUntil(length: TSuspensionLength, now: Date = new Date()): string | null {
  const days = SUSPENSION_LENGTHS.find((option) => option.value === length)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString();
}

/** An audit entry's action as a heading word: 'hide' → 'Hide', 'revoke-codes' → 'Revoke codes'. */
export function auditActionLabel(action: string): string {
  const words = action.replaceAll(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
