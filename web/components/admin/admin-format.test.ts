import { describe, expect, it } from 'vitest';
import { auditActionLabel, barShares, diskSize, dollars, shortDay, suspensionUntil } from './admin-format';

describe('admin figures formatting', () => {
  it('shows revenue in dollars with cents and thousands separators', () => {
    expect(dollars(125_000_00)).toBe('$125,000.00');
    expect(dollars(0)).toBe('$0.00');
    expect(dollars(25_050)).toBe('$250.50');
  });

  it('shows disk use in MB below a gigabyte and in GB from one', () => {
    expect(diskSize(0)).toBe('0.0 MB');
    expect(diskSize(400_000)).toBe('0.4 MB');
    expect(diskSize(512_340_000)).toBe('512.3 MB');
    expect(diskSize(1_000_000_000)).toBe('1.00 GB');
    expect(diskSize(1_254_000_000)).toBe('1.25 GB');
  });

  it('names a UTC day the same in every time zone', () => {
    expect(shortDay('2026-11-01')).toBe('Nov 1');
    expect(shortDay('2026-12-31')).toBe('Dec 31');
  });

  it('scales bars to the busiest day and leaves an empty month flat', () => {
    expect(barShares([0, 5, 10])).toEqual([0, 50, 100]);
    expect(barShares([0, 0])).toEqual([0, 0]);
    expect(barShares([])).toEqual([]);
  });
});

describe('suspension lengths', () => {
  const now = new Date('2026-11-26T12:00:00.000Z');

  it('suspends for a number of days from now', () => {
    expect(suspensionUntil('1', now)).toBe('2026-11-27T12:00:00.000Z');
    expect(suspensionUntil('7', now)).toBe('2026-12-03T12:00:00.000Z');
    expect(suspensionUntil('30', now)).toBe('2026-12-26T12:00:00.000Z');
  });

  it('suspends for good without an end', () => {
    expect(suspensionUntil('forever', now)).toBeNull();
  });
});

describe('audit actions', () => {
  it('reads as words', () => {
    expect(auditActionLabel('hide')).toBe('Hide');
    expect(auditActionLabel('revoke-codes')).toBe('Revoke codes');
    expect(auditActionLabel('invite_right')).toBe('Invite right');
  });
});
