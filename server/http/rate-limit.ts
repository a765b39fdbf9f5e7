// Throttles for guessable things (passwords, invitation codes). State lives in process
// memory by default and in Redis when REDIS_URL is set, so limits hold across processes.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from './errors';

export interface TThrottle {
  /** Throws 429 with Retry-After when the key has no attempts left. */
  check(key: string): Promise<void>;
  /**
   * Counts an attempt and refuses it (429 with Retry-After, and `message` when given) once the
   * key has none left, in one step of the store: parallel requests cannot slip past the limit
   * the way a check followed by a hit lets them. For plain rate limits; failure counting
   * (sign-in, code guesses) checks first and hits only on a failure.
   */
  take(key: string, message?: string): Promise<void>;
  /** Counts one failed (or, for plain limits, any) attempt against the key. */
  hit(key: string): Promise<void>;
  /** Forgets the key, e.g. after a successful sign-in. */
  reset(key: string): Promise<void>;
}

export interface TThrottleRule {
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * A slowdown never refuses: past its free failures each answer waits longer, doubling from
 * firstDelayMs up to maxDelayMs, until the window that the first failure opened ends.
 */
export interface TSlowdownRule {
  name: string;
  durationSeconds: number;
  /** Failures within the window answered without waiting. */
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export interface TSlowdown {
  /** Waits as long as the key's failures so far call for; resolves with how long that was (ms). */
  wait(key: string): Promise<number>;
  /** Counts one failure against the key. */
  hit(key: string): Promise<void>;
}

export type TSleep = (ms: number) => Promise<void>;

export const realSleep: TSleep = (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** The wait before answering, after this many failures: none for the free ones, then doubling to the cap. */
export function progressiveDelayMs(failures: number, rule: Pick<TSlowdownRule, 'freeFailures' | 'firstDelayMs' | 'maxDelayMs'>): number {
  if (failures < rule.freeFailures) return 0;
  // Capped exponent: 2 ** 30 is past any sensible cap already.
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(30, failures - rule.freeFailures));
}

export interface TThrottleStore {
  create(rule: TThrottleRule): TThrottle;
  /** `sleep` waits (tests give one that records and returns at once). */
  slowdown(rule: TSlowdownRule, sleep?: TSleep): TSlowdown;
  close(): Promise<void>;
}

/** A slowdown counts failures and never blocks: its limiter's points are never reached. */
const SLOWDOWN_POINTS = 2 ** 31 - 1;

const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

function tooMany(message: string, msBeforeNext: number): AppError {
  return new AppError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) });
}

function throttleOver(limiter: RateLimiterAbstract, points: number): TThrottle {
  return {
    async check(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= points) throw tooMany(TOO_MANY_ATTEMPTS, state.msBeforeNext);
    },
    async take(key, message = TOO_MANY_ATTEMPTS) {
      try {
        await limiter.consume(key, 1);
      } catch (rejection) {
        // The store rejects with its state when the points are used up, with an Error when it fails.
        if (rejection instanceof RateLimiterRes) throw tooMany(message, rejection.msBeforeNext);
        throw rejection;
      }
    },
    async hit(key) {
      await limiter.penalty(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

function slowdownOver(limiter: RateLimiterAbstract, rule: TSlowdownRule, sleep: TSleep): TSlowdown {
  return {
    async wait(key) {
      const state = await limiter.get(key);
      const delay = progressiveDelayMs(state?.consumedPoints ?? 0, rule);
      if (delay > 0) await sleep(delay);
      return delay;
    },
    async hit(key) {
      await limiter.penalty(key, 1);
    },
  };
}

export function createThrottleStore(redisUrl?: string): TThrottleStore {
  if (!redisUrl) {
    const memory = (name: string, points: number, durationSeconds: number) => new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
    return {
      create: (rule) => throttleOver(memory(rule.name, rule.points, rule.durationSeconds), rule.points),
      slowdown: (rule, sleep = realSleep) => slowdownOver(memory(rule.name, SLOWDOWN_POINTS, rule.durationSeconds), rule, sleep),
      close: async () => {},
    };
  }
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  // Connection problems are retried by ioredis; the memory insurance limiter covers the gap.
  redis.on('error', () => {});
  const shared = (name: string, points: number, durationSeconds: number) => {
    const options = { keyPrefix: `rl:${name}`, points, duration: durationSeconds };
    return new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
  };
  return {
    create: (rule) => throttleOver(shared(rule.name, rule.points, rule.durationSeconds), rule.points),
    slowdown: (rule, sleep = realSleep) => slowdownOver(shared(rule.name, SLOWDOWN_POINTS, rule.durationSeconds), rule, sleep),
    close: async () => {
      redis.disconnect();
    },
  };
}
