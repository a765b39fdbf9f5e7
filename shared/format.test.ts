import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './constants';
import { altText, compactCount, dateTime, displayName, expiryLabel, imageUrl, initials, longDate, monthYear, relativeDate, statsCount, timeAgo } from './format';

describe('display rules (SPEC §2, §9)', () => {
  it('names a creator by first and last name, else the e-mail before the @, else User', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: '', lastName: '', email: 'ada@example.com' })).toBe('ada');
    expect(displayName({})).toBe('User');
    expect(displayName(null)).toBe('User');
  });

  it('makes initials from the name, else the e-mail, else U', () => {
    expect(initials({ firstName: 'ada', lastName: 'lovelace' })).toBe('AL');
    expect(initials({ email: 'zed@example.com' })).toBe('Z');
    expect(initials({})).toBe('U');
  });

  it('formats counts compactly and for the stats strip', () => {
    expect(compactCount(999)).toBe('999');
    expect(compactCount(1500)).toBe('1.5k');
    expect(compactCount(2_345_678)).toBe('2.3M');
    expect(statsCount(999)).toBe('999+');
    expect(statsCount(12_300)).toBe('12.3K+');
    expect(statsCount(1_000_000)).toBe('1.0M+');
  });

  it('gives relative dates by the SPEC thresholds', () => {
    const now = new Date(2026, 10, 25, 12);
    const daysAgo = (n: number) => new Date(2026, 10, 25 - n, 9);
    expect(relativeDate(daysAgo(0), now)).toBe('Today');
    expect(relativeDate(daysAgo(1), now)).toBe('Yesterday');
    expect(relativeDate(daysAgo(6), now)).toBe('6 days ago');
    expect(relativeDate(daysAgo(20), now)).toBe('2 weeks ago');
    expect(relativeDate(daysAgo(65), now)).toBe('2 months ago');
    expect(relativeDate(daysAgo(800), now)).toBe('2 years ago');
  });

  it('writes calendar dates in English in the local time zone, from dates and ISO strings alike', () => {
    const afternoon = new Date(2025, 0, 6, 15, 4);
    expect(longDate(afternoon)).toBe('January 6, 2025');
    expect(longDate(afternoon.toISOString())).toBe('January 6, 2025');
    expect(monthYear(afternoon)).toBe('January 2025');
    // ICU writes a narrow no-break space before PM in newer versions, a plain one in older.
    expect(dateTime(afternoon.toISOString())).toMatch(/^January 6, 2025 at 3:04\sPM$/);
  });

  it('writes alt text with the detected tool, or AI-generated', () => {
    expect(altText({ title: 'Koi made in Midjourney', category: 'Illustration,Print', creatorName: 'Ada Lovelace' }, 'Portfolio Platform')).toBe(
      'Midjourney illustration by @Ada Lovelace on Portfolio Platform - Koi made in Midjourney',
    );
    expect(altText({ title: 'Poster', description: 'dall-e 3', category: 'Print', creatorName: 'Ada' }, 'P')).toBe('DALL-E print by @Ada on P - Poster');
    expect(altText({}, 'P')).toBe('AI-generated ai design by @creator on P - AI artwork');
  });

  it('adds sizing parameters to stock-photo URLs only', () => {
    expect(imageUrl('https://images.unsplash.com/photo-1?x=1', 400, 300)).toBe('https://images.unsplash.com/photo-1?x=1&w=400&h=300&auto=format&fit=crop');
    expect(imageUrl('/media/a/card.webp', 400, 300)).toBe('/media/a/card.webp');
    expect(imageUrl('', 1, 1)).toBe('');
  });

  it('says how long ago a session was used, in minutes and hours, then days', () => {
    const now = new Date(2025, 5, 15, 12, 0);
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(timeAgo(ago(20_000), now)).toBe('just now');
    expect(timeAgo(ago(MINUTE_MS), now)).toBe('1 minute ago');
    expect(timeAgo(ago(45 * MINUTE_MS), now)).toBe('45 minutes ago');
    expect(timeAgo(ago(HOUR_MS), now)).toBe('1 hour ago');
    expect(timeAgo(ago(5 * HOUR_MS).toISOString(), now)).toBe('5 hours ago');
    expect(timeAgo(ago(DAY_MS), now)).toBe('yesterday');
    expect(timeAgo(ago(3 * DAY_MS), now)).toBe('3 days ago');
  });

  it("tells an invitation code's time left in whole days, and when it has expired", () => {
    const now = new Date(2025, 5, 15, 12, 0);
    const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect(expiryLabel(inMs(30 * DAY_MS), now)).toBe('Expires in 30 days');
    expect(expiryLabel(inMs(30 * DAY_MS - MINUTE_MS), now)).toBe('Expires in 30 days');
    expect(expiryLabel(inMs(DAY_MS + HOUR_MS), now)).toBe('Expires in 2 days');
    expect(expiryLabel(inMs(HOUR_MS), now)).toBe('Expires in 1 day');
    expect(expiryLabel(inMs(0), now)).toBe('Expired');
    expect(expiryLabel(inMs(-DAY_MS), now)).toBe('Expired');
  });
});
