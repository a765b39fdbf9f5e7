// Limits on what one member may write, in one place: their messages, the throttles of the
// rate-like ones and the answer of the quota-like ones. The numbers come from the
// configuration (TLimitsConfig, README's Configuration table).
//
// - Quotas are counts over the database, checked in the transaction that writes, with the
//   member's row locked (lockMember), so parallel requests cannot both slip past: bytes uploaded
//   in 24 h and uploads held unattached (projects module), projects created in 24 h (projects),
//   jobs awaiting payment (jobs).
// - Rates go through the throttle store (server/http/rate-limit.ts: in memory, or Redis when
//   REDIS_URL is set, so they hold across processes): likes and follows together, contact
//   messages, profile edits, reports, comments. Each request is counted and refused in one step of the store, so
//   parallel requests cannot overshoot a rate.
import { statfs } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '../../shared/constants';
import type { TLimitsConfig } from '../config';
import { AppError } from './errors';
import type { TThrottle, TThrottleStore } from './rate-limit';

export const LIMIT_MESSAGES = {
  uploadBytes: (limit: string) => `You have reached your upload limit of ${limit} in 24 hours. Please try again later.`,
  unattachedUploads: (limit: number) => `You have ${limit} uploaded files not used in a project yet. Publish or wait for them to expire before uploading more.`,
  projects: (limit: number) => `You have created ${limit} projects in 24 hours, the most allowed. Please try again later.`,
  unpaidJobs: (limit: number) => `You have ${limit} job listings awaiting payment. Complete the payment of one before posting another.`,
  contactMessages: 'You have sent too many messages in the last hour. Please try again later.',
  likesFollows: 'You are liking and following too quickly. Please wait a minute and try again.',
  profileEdits: 'You have changed your profile too many times in the last hour. Please try again later.',
  reports: 'You have sent too many reports in the last hour. Please try again later.',
  comments: 'You are commenting too quickly. Please try again later.',
  jobChanges: 'You have changed your job listings too many times in the last hour. Please try again later.',
  collectionWrites: 'You are changing your collections too quickly. Please try again later.',
  memberWrites: 'You are making changes too quickly. Please wait a minute and try again.',
  lowDisk: 'The server is low on storage space. Please try again later.',
} as const;

/** A job awaiting payment never leaves by itself: paying one frees the place at once, so ask again in an hour. */
const UNPAID_JOBS_RETRY_SECONDS = 3600;

/** 429 with Retry-After, at least one second. */
export function limitReached(message: string, retryAfterMs: number): AppError {
  return new AppError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/** '1 GB', '500 MB', '512 KB': the byte budget in a message. */
export function bytesText(bytes: number): string {
  const units: [string, number][] = [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** A rolling 24-hour window's quota is full: it frees up when its oldest entry is a day old. */
export function dailyQuotaReached(message: string, oldestInWindow: string | null, now: Date): AppError {
  const frees = oldestInWindow ? new Date(oldestInWindow).getTime() + DAY_MS - now.getTime() : DAY_MS;
  return limitReached(message, frees);
}

export function unpaidJobsReached(limit: number): AppError {
  return limitReached(LIMIT_MESSAGES.unpaidJobs(limit), UNPAID_JOBS_RETRY_SECONDS * 1000);
}

/** One rate per member: `take` refuses with the limit's own message, else counts the attempt. */
export interface TMemberRate {
  take(userId: number): Promise<void>;
}

function memberRate(throttle: TThrottle, message: string): TMemberRate {
  return { take: (userId) => throttle.take(String(userId), message) };
}

export interface TMemberRates {
  /** Likes and follows together (one budget: a toggle is a toggle). */
  likesFollows: TMemberRate;
  /** Contact messages sent while signed in (visitors and members also have the per-IP limit). */
  contactMessages: TMemberRate;
  profileEdits: TMemberRate;
  reports: TMemberRate;
  /** Comments and replies (edits and deletions are not counted). */
  comments: TMemberRate;
  /** Job edits, early closes and renewal payments started. */
  jobChanges: TMemberRate;
  /** Collection writes: creating, renaming, deleting, saving a project to one and removing it. */
  collectionWrites: TMemberRate;
}

export function createMemberRates(store: TThrottleStore, limits: TLimitsConfig): TMemberRates {
  return {
    likesFollows: memberRate(store.create({ name: 'member-likes-follows', points: limits.likesFollowsPerMinute, durationSeconds: 60 }), LIMIT_MESSAGES.likesFollows),
    contactMessages: memberRate(store.create({ name: 'member-contact', points: limits.contactMessagesPerHour, durationSeconds: 3600 }), LIMIT_MESSAGES.contactMessages),
    profileEdits: memberRate(store.create({ name: 'member-profile-edits', points: limits.profileEditsPerHour, durationSeconds: 3600 }), LIMIT_MESSAGES.profileEdits),
    reports: memberRate(store.create({ name: 'member-reports', points: limits.reportsPerHour, durationSeconds: 3600 }), LIMIT_MESSAGES.reports),
    comments: memberRate(store.create({ name: 'member-comments', points: limits.commentsPerHour, durationSeconds: 3600 }), LIMIT_MESSAGES.comments),
    jobChanges: memberRate(store.create({ name: 'member-job-changes', points: limits.jobChangesPerHour, durationSeconds: 3600 }), LIMIT_MESSAGES.jobChanges),
    collectionWrites: memberRate(store.create({ name: 'member-collection-writes', points: limits.collectionWritesPerHour, durationSeconds: 3600 }), LIMIT_MESSAGES.collectionWrites),
  };
}

/** Methods that change nothing: never counted. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The floor under every member write: each state-changing request of a signed-in member to a
 * members-only route counts against MEMBER_WRITES_PER_MINUTE, whatever else limits it. Writes
 * with no rate of their own (marking notifications read, editing or deleting a project,
 * settings) are then bounded too, and a new route is bounded from the day it is written. The
 * default sits above every specific rate's pace, so their own messages come first. Register
 * after the sessions hook, which says who is asking.
 */
export function registerMemberWriteFloor(app: FastifyInstance, store: TThrottleStore, limits: Pick<TLimitsConfig, 'memberWritesPerMinute'>): void {
  const writes = memberRate(store.create({ name: 'member-writes', points: limits.memberWritesPerMinute, durationSeconds: 60 }), LIMIT_MESSAGES.memberWrites);
  app.addHook('preHandler', async (request) => {
    if (READ_METHODS.has(request.method) || !request.currentUser || !request.routeOptions.config.membersOnly) return;
    await writes.take(request.currentUser.id);
  });
}

/** Free bytes where uploads are written; injectable so a test can play a full disk. */
export type TFreeDiskSpace = (dir: string) => Promise<number>;

export const freeDiskSpace: TFreeDiskSpace = async (dir) => {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
};

/** 507 while the disk holding `dir` has less free space than the configured minimum. */
export async function ensureFreeDisk(probe: TFreeDiskSpace, dir: string, minFreeBytes: number): Promise<void> {
  if (minFreeBytes <= 0) return;
  if ((await probe(dir)) < minFreeBytes) throw new AppError(507, LIMIT_MESSAGES.lowDisk, { 'Retry-After': '300' });
}
