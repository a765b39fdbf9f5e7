// A bounded in-process cache for what anonymous visitors read most (gallery pages, search,
// jobs, project pages). Every entry carries tags naming what it shows (a project, a member,
// the order of a list: server/lib/cache-tags.ts); a write forgets the entries tagged with what
// it changed, before its response leaves, so a reader of this process never sees data older
// than the last write it made. A read that began before a write to one of its tags is not
// stored after it (tickets), so a slow read cannot put back what the write just removed. With
// REDIS_URL each invalidation is broadcast, so other processes sharing the database forget the
// same tags as soon as the message arrives (milliseconds; anonymous visitors there may see the
// old page until then). The TTL bounds what no write invalidates (view counts in lists and
// figures, listings passing their end).
//
// Memory: the cache holds at most `maxBytes` (READ_CACHE_MB), counted as the heap and buffer
// memory each entry keeps alive: its value (what the caller says it weighs, else an estimate),
// its key, its tags and a fixed overhead for the bookkeeping around it. Past the budget the least
// recently used entries go, and their keys leave the tag index with them; an entry larger than
// a sixteenth of the budget is not stored at all, so one huge answer cannot empty the cache.
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Taken before reading the database; a value is stored only if none of its tags was written since. */
export type TCacheTicket = number;

/** What a cached value shows, in the vocabulary of server/lib/cache-tags.ts. */
export type TCacheTag = string;

export interface TCacheEntryOptions {
  /** Everything a write could change that the value shows; [] only for values no write changes. */
  tags: readonly TCacheTag[];
  /** The bytes the value keeps alive (estimated from its JSON when not said: estimateBytes). */
  bytes?: number;
  /** How long it is kept, if not the cache's TTL (for values also changed behind the app's back). */
  ttlMs?: number;
}

export interface TReadCache {
  get<T>(key: string): T | undefined;
  /** Call before the database read whose result will be stored. */
  ticket(): TCacheTicket;
  /** Stores the value unless a write invalidated one of its tags (or everything) after the ticket was taken. */
  set(key: string, value: unknown, ticket: TCacheTicket, entry: TCacheEntryOptions): void;
  /**
   * Puts `value` in place of `previous` if that is still what the key holds, keeping its tags
   * and the time it expires (nothing new was read: the same answer, with its gzip copy made when
   * first asked for). `bytes` as in set.
   */
  replace(key: string, previous: unknown, value: unknown, bytes: number): void;
  delete(key: string): void;
  /** Forgets every value carrying one of these tags, here and, with Redis, in every other process. */
  invalidate(tags: readonly TCacheTag[]): void;
  /**
   * Forgets these tags within `withinMs`, once for every call made meanwhile (here and, with
   * Redis, everywhere): for what may show a write up to that late, written often (the order of
   * lists by likes). A read stored before it is forgotten then; one begun before it and stored
   * after is refused, as with invalidate.
   */
  invalidateSoon(tags: readonly TCacheTag[], withinMs: number): void;
  /** Forgets everything here and, with Redis, in every other process. */
  invalidateAll(): void;
  /** How much it holds: entries, their bytes as counted against the budget, tags indexed over them, tags with their own write time. */
  bookkeeping(): { entries: number; bytes: number; maxBytes: number; indexedTags: number; trackedTags: number };
  close(): Promise<void>;
}

export interface TReadCacheOptions {
  /** false: every get misses (for tests about what the app does without it). */
  enabled?: boolean;
  redisUrl?: string | undefined;
  /** The pub/sub channel of the processes that forget together (tests keep theirs apart). */
  channel?: string;
  ttlMs?: number;
  /** The byte budget (READ_CACHE_MB); 0 stores nothing. */
  maxBytes?: number;
  /** How many recently written tags keep their own write time (see tagWrites below). */
  maxTrackedTags?: number;
  /** Milliseconds the TTL counts in; tests pass the app's clock, so entries age as it moves. */
  clock?: () => number;
}

const DEFAULT_CHANNEL = 'read-cache:invalidate';
const DEFAULT_TTL_MS = 60_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_TRACKED_TAGS = 10_000;
/** An entry may take at most this share of the budget; a larger one is not stored. */
export const MAX_ENTRY_SHARE = 1 / 16;
/**
 * What every entry costs besides its value, key and tags: the LRU's slots and map entry, the
 * entry object, its tag array, the strings' headers.
 */
export const ENTRY_OVERHEAD_BYTES = 512;
/** What one tag of an entry costs in the tag index (a set entry and its share of the map), besides the tag's text. */
const TAG_INDEX_BYTES = 64;

interface TEntry {
  value: unknown;
  tags: readonly TCacheTag[];
}

export function createReadCache(options: TReadCacheOptions = {}): TReadCache {
  // Tag → keys of the entries carrying it. Kept in step with the entries by dispose (evicted,
  // expired, deleted, replaced), so it never holds more than the entries do.
  const keysByTag = new Map<TCacheTag, Set<string>>();
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const enabled = options.enabled !== false && maxBytes > 0;
  const entries = new LRUCache<string, TEntry>({
    // lru-cache needs a positive budget even when nothing is ever stored.
    maxSize: Math.max(1, maxBytes),
    maxEntrySize: Math.max(1, Math.floor(maxBytes * MAX_ENTRY_SHARE)),
    ttl: options.ttlMs ?? DEFAULT_TTL_MS,
    // Served stale never: an expired entry is a miss.
    allowStale: false,
    // A clock of the caller's is read at every check, since it may jump.
    ...(options.clock ? { perf: { now: options.clock }, ttlResolution: 0 } : {}),
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = keysByTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) keysByTag.delete(tag);
      }
    },
  });

  // The logical clock of invalidations: a ticket is its value when a read began. Each tag
  // written recently keeps the time of its last write, in write order; the oldest are dropped
  // past maxTrackedTags, and `floor` takes their time, so a tag not listed counts as written
  // at `floor`: at worst a slow read is not stored, never a stale one kept. Invalidating
  // everything moves `floor` to now.
  let clock = 0;
  let floor = 0;
  const tagWrites = new Map<TCacheTag, number>();
  const maxTrackedTags = options.maxTrackedTags ?? DEFAULT_MAX_TRACKED_TAGS;

  const forget = (tags: readonly TCacheTag[]) => {
    clock += 1;
    for (const tag of tags) {
      tagWrites.delete(tag);
      tagWrites.set(tag, clock);
      const keys = keysByTag.get(tag);
      // Copied: each delete's dispose takes the key out of this very set.
      if (keys) for (const key of [...keys]) entries.delete(key);
    }
    for (const [oldest, writtenAt] of tagWrites) {
      if (tagWrites.size <= maxTrackedTags) break;
      tagWrites.delete(oldest);
      floor = writtenAt;
    }
  };
  const forgetAll = () => {
    clock += 1;
    floor = clock;
    tagWrites.clear();
    entries.clear();
  };
  const writtenSince = (tags: readonly TCacheTag[], ticket: TCacheTicket) => floor > ticket || tags.some((tag) => (tagWrites.get(tag) ?? floor) > ticket);

  // Tags to forget at the next timer (invalidateSoon), and the timer.
  const soon = new Set<TCacheTag>();
  let soonTimer: NodeJS.Timeout | null = null;
  const forgetSoon = () => {
    soonTimer = null;
    const tags = [...soon];
    soon.clear();
    if (tags.length === 0) return;
    forget(tags);
    bus?.publish(tags);
  };

  const store = (key: string, entry: TEntry, bytes: number, keepExpiry: boolean, ttlMs?: number) => {
    const tagBytes = entry.tags.reduce((sum, tag) => sum + TAG_INDEX_BYTES + stringBytes(tag), 0);
    entries.set(key, entry, { size: ENTRY_OVERHEAD_BYTES + stringBytes(key) + tagBytes + bytes, noUpdateTTL: keepExpiry, ...(ttlMs === undefined ? {} : { ttl: ttlMs }) });
    // Not stored when larger than its share of the budget (an older value under that key is
    // dropped then); a replaced entry's tags left with it.
    if (entries.peek(key) !== entry) return;
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      if (keys) keys.add(key);
      else keysByTag.set(tag, new Set([key]));
    }
  };

  const bus = options.redisUrl ? invalidationBus(options.redisUrl, options.channel ?? DEFAULT_CHANNEL, { forget, forgetAll }) : null;

  return {
    get: <T>(key: string) => entries.get(key)?.value as T | undefined,
    ticket: () => clock,
    set(key, value, ticket, { tags, bytes, ttlMs }) {
      if (!enabled || writtenSince(tags, ticket)) return;
      store(key, { value, tags }, bytes ?? estimateBytes(value), false, ttlMs);
    },
    replace(key, previous, value, bytes) {
      const entry = entries.peek(key);
      if (entry && entry.value === previous) store(key, { value, tags: entry.tags }, bytes, true);
    },
    delete: (key) => void entries.delete(key),
    invalidate(tags) {
      if (tags.length === 0) return;
      forget(tags);
      bus?.publish(tags);
    },
    invalidateSoon(tags, withinMs) {
      if (tags.length === 0) return;
      for (const tag of tags) soon.add(tag);
      if (soonTimer) return;
      soonTimer = setTimeout(forgetSoon, withinMs);
      soonTimer.unref();
    },
    invalidateAll() {
      forgetAll();
      bus?.publish(null);
    },
    bookkeeping: () => ({ entries: entries.size, bytes: entries.calculatedSize, maxBytes, indexedTags: keysByTag.size, trackedTags: tagWrites.size }),
    close: async () => {
      if (soonTimer) clearTimeout(soonTimer);
      soonTimer = null;
      soon.clear();
      await bus?.close();
    },
  };
}

/**
 * The bytes a string takes in V8's heap: one per character while every character fits in
 * Latin-1, two otherwise (its header is in ENTRY_OVERHEAD_BYTES).
 */
export function stringBytes(text: string): number {
  return /[\u0100-\uffff]/.test(text) ? text.length * 2 : text.length;
}

/**
 * The bytes a buffer keeps alive: its whole backing store, which may be far larger than the
 * view (zlib's output is a slice of a 16 kB chunk; small buffers share an 8 kB pool).
 */
export function bufferBytes(buffer: Uint8Array): number {
  return buffer.buffer.byteLength;
}

/**
 * What a value the caller did not weigh keeps alive, estimated: strings and buffers exactly,
 * anything else from its JSON text, doubled (an object's properties, numbers and strings take
 * about twice its JSON in V8's heap).
 */
export function estimateBytes(value: unknown): number {
  if (typeof value === 'string') return stringBytes(value);
  if (value instanceof Uint8Array) return bufferBytes(value);
  if (value === null || typeof value !== 'object') return 16;
  return 2 * stringBytes(JSON.stringify(value));
}

/** What travels between processes: the tags to forget, or null for everything. */
interface TInvalidationMessage {
  from: string;
  tags: readonly TCacheTag[] | null;
}

function parseMessage(message: string): TInvalidationMessage | null {
  try {
    const parsed: unknown = JSON.parse(message);
    if (typeof parsed !== 'object' || parsed === null || !('from' in parsed) || !('tags' in parsed)) return null;
    const { from, tags } = parsed;
    if (typeof from !== 'string') return null;
    if (tags === null) return { from, tags: null };
    return Array.isArray(tags) && tags.every((tag) => typeof tag === 'string') ? { from, tags } : null;
  } catch {
    return null;
  }
}

/**
 * Redis pub/sub between processes. If Redis is unreachable the publish is dropped and the
 * TTL is the bound on staleness elsewhere; this process has already forgotten its own.
 */
function invalidationBus(redisUrl: string, channel: string, here: { forget(tags: readonly TCacheTag[]): void; forgetAll(): void }) {
  const publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  // Connection trouble is retried by ioredis; a cache must never take the process down.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  // After a reconnect, messages sent while away are lost: forget everything to be safe.
  subscriber.on('ready', here.forgetAll);
  void subscriber.subscribe(channel).catch(() => {});
  const origin = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  subscriber.on('message', (_channel: string, raw: string) => {
    const message = parseMessage(raw);
    if (message?.from === origin) return;
    // A message this version cannot read (another version's, during a rolling deploy): forget everything.
    if (message?.tags) here.forget(message.tags);
    else here.forgetAll();
  });
  return {
    publish: (tags: readonly TCacheTag[] | null) =>
      void publisher.publish(channel, JSON.stringify({ from: origin, tags } satisfies TInvalidationMessage)).catch(() => {}),
    close: async () => {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
