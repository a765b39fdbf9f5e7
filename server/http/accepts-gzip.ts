// Whether the client takes a gzipped answer (every browser does; curl and bots often do not).
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

// Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
const encodings = new Negotiator({ supportedValues: ['gzip'], cache: new LRUCache<string, string>({ max: 100 }) });

export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return header !== undefined && encodings.negotiate(header) === 'gzip';
}
