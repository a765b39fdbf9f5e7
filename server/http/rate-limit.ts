// Throttles for guessable things (passwords, invitation codes). State lives in process
// memory by default and in Redis when REDIS_URL is set, so limits hold across processes.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from './errors';

export interface TThrottle {
  /** Throws 429 with Retry-After when the key has no attempts left. */
  check(key: string): Promise<void>;
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

export interface TThrottleStore {
  create(rule: TThrottleRule): TThrottle;
  close(): Promise<void>;
}

function throttleOver(limiter: RateLimiterAbstract, points: number): TThrottle {
  return {
    async check(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= points) {
        const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
        throw new AppError(429, 'Too many attempts. Please try again later.', { 'Retry-After': String(seconds) });
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

export function createThrottleStore(redisUrl?: string): TThrottleStore {
  if (!redisUrl) {
    return {
      create: (rule) => throttleOver(new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds }), rule.points),
      close: async () => {},
    };
  }
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  // Connection problems are retried by ioredis; the memory insurance limiter covers the gap.
  redis.on('error', () => {});
  return {
    create: (rule) => {
      const options = { keyPrefix: `rl:${rule.name}`, points: rule.points, duration: rule.durationSeconds };
      return throttleOver(new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) }), rule.points);
    },
    close: async () => {
      redis.disconnect();
    },
  };
}
