import { z } from 'zod';

/** Trimmed, lower-cased e-mail: the one form stored and compared. */
export const ZEmail = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** An absolute http(s) URL; empty input means "not set" and becomes null. */
export const ZOptionalUrl = (message = 'Please enter a valid URL') =>
  z
    .string()
    .trim()
    .max(2048, message)
    .refine((value) => value === '' || isHttpUrl(value), message)
    .transform((value) => (value === '' ? null : value))
    .nullish();

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Optional free text: trimmed, empty becomes null. */
export const ZOptionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => (value === '' ? null : value))
    .nullish();

/** The JSON error shape every route answers with (ARCHITECTURE, API conventions). */
export interface TErrorBody {
  message: string;
  details?: { field: string; message: string }[];
}
