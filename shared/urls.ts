// Rules about URLs that both sides apply, kept free of zod so any page may import them cheaply.
import type { TMediaKind } from './constants';

/** An absolute http(s) URL with a dotted host: the only kind a stored link may become. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** SPEC §3: the media type a URL's extension names. */
export function mediaKindFromUrl(url: string): TMediaKind {
  const extension = url.split('?')[0]?.split('.').pop()?.toLowerCase() ?? '';
  if (['mp4', 'webm', 'mov', 'avi'].includes(extension)) return 'video';
  if (extension === 'gif') return 'gif';
  return 'image';
}
