import { z } from 'zod';
import { EMAIL_MAX_LENGTH, GALLERY_PAGE_SIZE, ID_MAX, MAX_PAGE_SIZE } from '../constants';
import { isHttpUrl } from '../urls';

/** Ids are 32-bit integers in both engines: a larger one names nothing (and must not reach PostgreSQL). */
const INVALID_ID = 'Invalid id';
export const ZId = z.number({ error: INVALID_ID }).int(INVALID_ID).positive(INVALID_ID).max(ID_MAX, INVALID_ID);

/** An id in a path or query string. */
export const ZIdParam = z.coerce.number({ error: INVALID_ID }).int(INVALID_ID).positive(INVALID_ID).max(ID_MAX, INVALID_ID);

/** `/…/:id` routes. */
export const ZIdParams = z.object({ id: ZIdParam });

/** A page of any list: at most MAX_PAGE_SIZE rows, after an opaque cursor the previous page gave. */
export const ZPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(GALLERY_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});

/** ISO-8601 date and time, as both engines return timestamps. */
export const ZTimestamp = z.string().meta({ format: 'date-time' });

/** Trimmed, lower-cased e-mail: the one form stored and compared. */
export const ZEmail = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'Please enter a valid email address')
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

/** Optional free text: trimmed, empty becomes null. */
export const ZOptionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => (value === '' ? null : value))
    .nullish();

/** The JSON error shape every route answers with (ARCHITECTURE, API conventions). */
export const ZErrorBody = z
  .object({
    message: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type TErrorBody = z.output<typeof ZErrorBody>;

/** The answer of a route that answers 204 No Content: no body (undefined, as `reply.send()` sends). */
export const ZNoContent = z.undefined().meta({ description: 'No content' });

/**
 * The answer of a redirect (302): no body, only a Location. `headers` is read by the OpenAPI
 * document, which lists it as the answer's header.
 */
export const ZRedirect = z.undefined().meta({
  description: 'Found: no body; Location says where to go',
  headers: { Location: { type: 'string', description: 'Where to go' } },
});

/** `{ ok: true }`: the request was taken. */
export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.output<typeof ZOk>;
