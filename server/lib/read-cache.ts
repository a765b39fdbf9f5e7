// A bounded in-process cache for what anonymous visitors read most (gallery pages, search,
// jobs, project pages). Correctness rule: any successful write anywhere empties it, so a
// reader of this process never sees data older than the last write it made. With REDIS_URL
// the emptying is broadcast, so other processes sharing the database forget too, as soon as
// the message arrives (milliseconds; anonymous visitors there may see the old page until
// then). The TTL bounds what nothing invalidates (view counts, listings that expire).
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Taken before reading the database; a value is stored only if no write happened since. */
export type TCacheTicket = number;

export interface TReadCache {
  get<T>(key: string): T | undefined;
  /** Call before the database read whose result will be stored. */
  ticket(): TCacheTicket;
  /** Stores the value unless a write invalidated the cache after the ticket was taken. */
  set(key: string, value: unknown, ticket: TCacheTicket, bytes?: number): void;
  delete(key: string): void;
  /** Forgets everything here and, with Redis, in every other process. */
  invalidate(): void;
  close(): Promise<void>;
}

export interface TReadCacheOptions {
  /** false: every get misses (API tests write rows behind the app's back with factories). */
  enabled?: boolean;
  redisUrl?: string | undefined;
  ttlMs?: number;
  maxBytes?: number;
}

const CHANNEL = 'read-cache:invalidate';
const DEFAULT_TTL_MS = 60_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** What a stored value is assumed to weigh when the caller does not say. */
const DEFAULT_ENTRY_BYTES = 4096;

export function createReadCache(options: TReadCacheOptions = {}): TReadCache {
  const entries = new LRUCache<string, { value: unknown }>({
    maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
    ttl: options.ttlMs ?? DEFAULT_TTL_MS,
    // Served stale never: an expired entry is a miss.
    allowStale: false,
  });
  let generation = 0;
  const forget = () => {
    generation += 1;
    entries.clear();
  };

  const bus = options.redisUrl ? invalidationBus(options.redisUrl, forget) : null;

  return {
    get: <T>(key: string) => entries.get(key)?.value as T | undefined,
    ticket: () => generation,
    set(key, value, ticket, bytes = DEFAULT_ENTRY_BYTES) {
      if (ticket !== generation || options.enabled === false) return;
      entries.set(key, { value }, { size: Math.max(1, bytes) });
    },
    delete: (key) => void entries.delete(key),
    invalidate() {
      forget();
      bus?.publish();
    },
    close: async () => bus?.close(),
  };
}

/**
 * Redis pub/sub between processes. If Redis is unreachable the publish is dropped and the
 * TTL is the bound on staleness elsewhere; this process has already forgotten its own.
 */
function invalidationBus(redisUrl: string, onRemoteInvalidate: () => void) {
  const publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  // Connection trouble is retried by ioredis; a cache must never take the process down.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  // After a reconnect, messages sent while away are lost: forget everything to be safe.
  subscriber.on('ready', onRemoteInvalidate);
  void subscriber.subscribe(CHANNEL).catch(() => {});
  const origin = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  subscriber.on('message', (_channel: string, message: string) => {
    if (message !== origin) onRemoteInvalidate();
  });
  return {
    publish: () => void publisher.publish(CHANNEL, origin).catch(() => {}),
    close: async () => {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
