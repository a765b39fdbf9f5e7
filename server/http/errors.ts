// The one error shape: `{ message, details? }` with the right status. A 500 never
// carries a stack trace or SQL; the log keeps them.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZErrorBody, type TErrorBody } from '../../shared/schemas/common';
import { isDatabaseUnavailable } from '../db/connect';

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const SERVICE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

export const unauthorized = () => new AppError(401, 'Unauthorized');
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
/** A rule the schema cannot see (it needs the database), reported like a schema failure. */
export const invalidField = (field: string, message: string) => new AppError(400, 'Validation failed', {}, [{ field, message }]);

/** The error statuses routes declare (ARCHITECTURE, API conventions; 402 and 502 for payments, 503 for webhooks, 507 for uploads on a full disk). */
type TErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502 | 503 | 507;

/**
 * The errors a route can answer, beside its success in `schema.response`:
 * `response: { 200: ZProject, ...errorResponses(400, 404) }`. Each is sent in the one error
 * shape, and /api/openapi.json lists them.
 */
export function errorResponses<S extends TErrorStatus>(...statuses: S[]): Record<S, typeof ZErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorBody])) as Record<S, typeof ZErrorBody>;
}

/** '/invitationCode' or '/user/0/name' → 'invitationCode' / 'user.0.name'. */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Media Type: send application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
  FST_ERR_BAD_URL: 'Malformed URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URL too long',
};

/**
 * Fastify's `frameworkErrors`: what it meets before routing (a broken percent escape, a path
 * parameter over the limit) in the same shape, instead of its own body echoing the path.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.code(error.statusCode ?? 400).send({ message: CLIENT_ERROR_MESSAGES[error.code] ?? 'Bad request' } satisfies TErrorBody);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: TErrorBody = error.details ? { message: error.message, details: error.details } : { message: error.message };
      return reply.code(error.status).headers(error.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({ field: fieldOf(issue.instancePath), message: issue.message ?? 'Invalid input' }));
      return reply.code(400).send({ message: 'Validation failed', details } satisfies TErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, too large): say what, not how.
      const message = CLIENT_ERROR_MESSAGES[error.code] ?? (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'Malformed JSON body' : 'Bad request');
      return reply.code(status).send({ message } satisfies TErrorBody);
    }
    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION' && isResponseSerializationError(error)) {
      // An answer that does not match its declared schema is a bug: never send part of it.
      request.log.error({ route: `${error.method} ${error.url}`, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ message: 'Internal Server Error' } satisfies TErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the database is restarting or out of reach. Say so calmly and when to retry;
      // a load balancer or the client tries again, and the pool reconnects on its own.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '1').send({ message: SERVICE_UNAVAILABLE } satisfies TErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal Server Error' } satisfies TErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` } satisfies TErrorBody);
  });
}
