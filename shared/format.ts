// Display rules shared by server and client (SPEC §2, §9).
import { DAY_MS, MINUTE_MS } from './constants';

interface TNamed {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** First plus last name, else the part of the e-mail before the @, else 'User'. */
export function displayName(user: TNamed | null | undefined): string {
  if (!user) return 'User';
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (full) return full;
  const local = user.email?.split('@')[0]?.trim();
  return local || 'User';
}

/** Initials from the name, else from the e-mail, else 'U'. */
export function initials(user: TNamed | null | undefined): string {
  if (!user) return 'U';
  const first = user.firstName?.trim()?.[0] ?? '';
  const last = user.lastName?.trim()?.[0] ?? '';
  const fromName = `${first}${last}`.toUpperCase();
  if (fromName) return fromName;
  const fromEmail = user.email?.trim()?.[0];
  return fromEmail ? fromEmail.toUpperCase() : 'U';
}

/** 1,000,000+ as one decimal plus M; 1,000+ as one decimal plus k; smaller as plain numbers. */
export function compactCount(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (value >= 1_000) return `${(value / 1_000).toFixed(1)}k`;
  return String(value);
}

// Numbers and dates are written in English like the rest of the site, the same by the server's
// page and the browser's hydration. Not through Intl: in Chromium the first Intl.NumberFormat,
// DateTimeFormat or collator a page makes loads ICU's data for it, 20–45 ms of main thread
// each on a fast machine (measured), which a phone paid inside the page's first tasks. The
// rules are simple enough to write out, and tested against Intl; what they do not cover
// (values out of their range) still goes to Intl, made on first use.
let intlWholeNumber: Intl.NumberFormat | undefined;

/** '12,345': rounded half away from zero, as Intl's en-US format with no fraction digits. */
export function wholeNumber(value: number): string {
  const magnitude = Math.round(Math.abs(value));
  if (!Number.isFinite(value) || magnitude >= 1e21) {
    intlWholeNumber ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    return intlWholeNumber.format(value);
  }
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return sign + String(magnitude).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Stats strip form: K and M with one decimal and a trailing +. */
export function statsCount(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M+`;
  if (value >= 1_000) return `${(value / 1_000).toFixed(1)}K+`;
  return `${value}+`;
}

// Calendar dates as the pages write them, in the viewer's time zone (see wholeNumber for why not Intl).
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const toDate = (date: string | Date) => (typeof date === 'string' ? new Date(date) : date);

/** The date's local parts, or null where Intl writes it otherwise (years before 1 or after 9999, or throws: an invalid date). */
function calendarParts(date: Date): { month: string; day: number; year: number } | null {
  const year = date.getFullYear();
  if (!(year >= 1 && year <= 9999)) return null;
  return { month: MONTHS[date.getMonth()]!, day: date.getDate(), year };
}

const intlFormats = new Map<string, Intl.DateTimeFormat>();
function intlDate(options: Intl.DateTimeFormatOptions, date: Date): string {
  const key = JSON.stringify(options);
  let format = intlFormats.get(key);
  if (!format) intlFormats.set(key, (format = new Intl.DateTimeFormat('en-US', options)));
  return format.format(date);
}

/** 'January 6, 2025'. */
export function longDate(date: string | Date): string {
  const parts = calendarParts(toDate(date));
  return parts ? `${parts.month} ${parts.day}, ${parts.year}` : intlDate({ year: 'numeric', month: 'long', day: 'numeric' }, toDate(date));
}

/** 'January 2025'. */
export function monthYear(date: string | Date): string {
  const parts = calendarParts(toDate(date));
  return parts ? `${parts.month} ${parts.year}` : intlDate({ year: 'numeric', month: 'long' }, toDate(date));
}

/** 'January 6, 2025 at 3:04 PM'. */
export function dateTime(date: string | Date): string {
  const when = toDate(date);
  const parts = calendarParts(when);
  if (!parts) return intlDate({ dateStyle: 'long', timeStyle: 'short' }, when);
  const hours = when.getHours();
  const minutes = String(when.getMinutes()).padStart(2, '0');
  return `${parts.month} ${parts.day}, ${parts.year} at ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Today', 'Yesterday', 'N days ago', 'N weeks ago', 'N months ago', 'N years ago'. */
export function relativeDate(date: string | Date, now: Date = new Date()): string {
  const then = toDate(date);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(then)) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 30) return `${Math.floor(days / 7)} weeks ago`;
  if (days < 365) return `${Math.floor(days / 30)} months ago`;
  return `${Math.floor(days / 365)} years ago`;
}

/** '1 hour', '3 hours': a count with its noun, singular for one. */
export function counted(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** 'just now', '5 minutes ago', '3 hours ago', then as relativeDate ('yesterday', '4 days ago', …). */
export function timeAgo(date: string | Date, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - toDate(date).getTime()) / MINUTE_MS);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${counted(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${counted(hours, 'hour')} ago`;
  const day = relativeDate(date, now);
  return day === 'Today' || day === 'Yesterday' ? day.toLowerCase() : day;
}

/** An unused invitation code's time left, in days begun: 'Expires in 30 days' (just made), 'Expires in 1 day', 'Expired'. */
export function expiryLabel(expiresAt: string | Date, now: Date = new Date()): string {
  const left = toDate(expiresAt).getTime() - now.getTime();
  if (left <= 0) return 'Expired';
  const days = Math.ceil(left / DAY_MS);
  return `Expires in ${counted(days, 'day')}`;
}

const AI_TOOLS: [pattern: RegExp, name: string][] = [
  [/midjourney/i, 'Midjourney'],
  [/dall-?e/i, 'DALL-E'],
  [/stable diffusion/i, 'Stable Diffusion'],
  [/adobe firefly/i, 'Adobe Firefly'],
  [/leonardo ai/i, 'Leonardo AI'],
];

/** The AI tool named in a project's title or description, if any (SPEC §9). */
export function detectAiTool(title?: string | null, description?: string | null): string | null {
  const text = `${title ?? ''} ${description ?? ''}`;
  return AI_TOOLS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/**
 * SPEC §9: '<tool> <category> by @<creator> on <product> - <title>', or
 * 'AI-generated <category> by @…' when no tool is named.
 */
export function altText(project: { title?: string | null; description?: string | null; category?: string | null; creatorName?: string | null }, productName: string): string {
  const category = (project.category?.split(',')[0]?.trim() || 'AI design').toLowerCase();
  const creator = project.creatorName?.trim() || 'creator';
  const title = project.title?.trim() || 'AI artwork';
  const tool = detectAiTool(project.title, project.description);
  const lead = tool ? `${tool} ${category}` : `AI-generated ${category}`;
  return `${lead} by @${creator} on ${productName} - ${title}`;
}

const STOCK_PHOTO_HOSTS = ['images.unsplash.com', 'images.pexels.com'];

/** SPEC §9: stock-photo URLs get width, height, auto=format and fit=crop; others unchanged. */
export function imageUrl(url: string | null | undefined, width: number, height: number): string {
  if (!url) return '';
  if (!url.startsWith('http')) return url;
  try {
    const parsed = new URL(url);
    if (!STOCK_PHOTO_HOSTS.includes(parsed.hostname)) return url;
    parsed.searchParams.set('w', String(width));
    parsed.searchParams.set('h', String(height));
    parsed.searchParams.set('auto', 'format');
    parsed.searchParams.set('fit', 'crop');
    return parsed.toString();
  } catch {
    return url;
  }
}
