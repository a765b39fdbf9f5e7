import { describe, expect, it, vi } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './constants';
import { altText, compactCount, dateTime, displayName, expiryLabel, imageUrl, initials, longDate, monthYear, relativeDate, statsCount, timeAgo, wholeNumber } from './format';

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

  it('writes whole numbers as Intl does in English, without making an Intl formatter for them', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const values = [0, -0, 1, 7, 999, 1000, 12_345, 999_999.5, 1_000_000, -1234.5, 2.5, -2.5, 0.4, -0.4, 1e15 + 0.5, 2 ** 53, 1e20, 1e21, 1e25, NaN, Infinity, -Infinity];
    // Random magnitudes from 1 to 10^18, with and without fractions, of both signs.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 2000; i += 1) values.push((random() < 0.5 ? -1 : 1) * 10 ** (random() * 18) * (random() < 0.5 ? 1 : Math.round(random() * 1000) / 1000));
    for (const value of values) expect(wholeNumber(value), String(value)).toBe(intl.format(value));
  });

  it('makes no Intl formatter for the numbers and dates pages show, neither on load nor in use', async () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      vi.resetModules();
      const format = await import('./format');
      const when = new Date(2026, 10, 27, 18, 5);
      expect([format.wholeNumber(1234567), format.longDate(when), format.monthYear(when), format.dateTime(when)]).toEqual([
        '1,234,567',
        'November 27, 2026',
        'November 2026',
        'November 27, 2026 at 6:05 PM',
      ]);
      expect(numberFormat).not.toHaveBeenCalled();
      expect(dateTimeFormat).not.toHaveBeenCalled();
    } finally {
      numberFormat.mockRestore();
      dateTimeFormat.mockRestore();
    }
  });

  it('writes dates as Intl does in English, in the local time zone, and leaves only unusual years to Intl', () => {
    const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    const month = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long' });
    const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
    // Every hour of a leap year's days and every minute of one day, then far years.
    const dates: Date[] = [];
    for (let hour = 0; hour < 366 * 24; hour += 7) dates.push(new Date(2024, 0, 1, hour, hour % 60));
    for (let minute = 0; minute < 24 * 60; minute += 1) dates.push(new Date(2026, 10, 27, 0, minute));
    dates.push(new Date(1, 0, 1), new Date(999, 5, 3), new Date(9999, 11, 31, 23, 59), new Date(-5, 3, 1), new Date(12_000, 1, 1), new Date(1969, 11, 31, 23, 59));
    // ICU may write a narrow no-break space before AM/PM; the site writes a plain one everywhere.
    const plain = (text: string) => text.replace(/\u202f/g, ' ');
    for (const date of dates) {
      expect(longDate(date), date.toISOString()).toBe(long.format(date));
      expect(monthYear(date), date.toISOString()).toBe(month.format(date));
      expect(dateTime(date), date.toISOString()).toBe(plain(full.format(date)));
    }
    expect(() => longDate('not a date')).toThrow(RangeError);
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
