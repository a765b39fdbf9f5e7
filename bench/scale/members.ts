// Seeded members: profiles, the invite tree (each member invited with one of an earlier
// member's codes, a few founders with operator codes) and who follows whom.
import type { Kysely } from 'kysely';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, INVITES_FOR_NEW_USER } from '../../shared/constants';
import type { Engine } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { BatchWriter } from './bulk-sql';
import { partialShuffle, WeightedPicker, type TDraw } from './draw';
import { FOLLOWS, INVITATION_CODES, USERS } from './tables';
import { between, DAY_MS, HISTORY_MS, iso } from './time';
import { BIO_CLOSINGS, BIO_OPENINGS, FIRST_NAMES, HEADLINES, LAST_NAMES, LOCATIONS } from './vocabulary';

type Db = Kysely<Database>;

/** One founder per this many members joins with an operator code; everyone else is invited. */
const MEMBERS_PER_FOUNDER = 2000;

export const SCALE_EMAIL_DOMAIN = 'scale.example';

/** The e-mail of seeded member `id` (ids run from 1 to the number of members). */
export function scaleEmail(id: number): string {
  return `creator${id}@${SCALE_EMAIL_DOMAIN}`;
}

/** What later phases need to know about the members: when each joined (index = id − 1). */
export interface TMembers {
  count: number;
  joinedAt: Float64Array;
}

/**
 * Distinct, random-looking codes without a uniqueness check: an odd multiplier is a bijection
 * modulo 2^50, so different indexes give different 10-character codes.
 */
function invitationCode(index: number): string {
  const bits = BigInt(INVITE_CODE_LENGTH * 5);
  let value = (BigInt(index) * 0x5deece66dn + 0xbn) & ((1n << bits) - 1n);
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) {
    code += INVITE_CODE_ALPHABET[Number(value & 31n)];
    value >>= 5n;
  }
  return code;
}

function handleOf(first: string, last: string, id: number): string {
  return `${first}${last}${id}`.toLowerCase();
}

/** Members join over two years, more of them lately; ids follow the order they joined in. */
function joinTimes(draw: TDraw, count: number, now: number): Float64Array {
  const start = now - HISTORY_MS;
  return Float64Array.from({ length: count }, () => between(start, now - DAY_MS, draw.next(), 0.5)).sort();
}

/** For each member, who invited them (0-based index), or -1 for a founder. */
function inviteTree(draw: TDraw, count: number): Int32Array {
  const inviter = new Int32Array(count).fill(-1);
  const founders = Math.max(1, Math.ceil(count / MEMBERS_PER_FOUNDER));
  // One entry per unused code of the members so far: picking an entry uses that code.
  const openCodes: number[] = [];
  for (let member = 0; member < count; member += 1) {
    if (member >= founders && openCodes.length) {
      const slot = draw.int(openCodes.length);
      inviter[member] = openCodes[slot]!;
      openCodes[slot] = openCodes[openCodes.length - 1]!;
      openCodes.pop();
    }
    for (let code = 0; code < INVITES_FOR_NEW_USER; code += 1) openCodes.push(member);
  }
  return inviter;
}

export async function seedMembers(
  db: Db,
  engine: Engine,
  draw: TDraw,
  options: { count: number; now: number; passwordHash: string; avatarUrls: readonly string[] },
): Promise<TMembers> {
  const joinedAt = joinTimes(draw, options.count, options.now);
  const inviter = inviteTree(draw, options.count);
  const invitees: number[][] = Array.from({ length: options.count }, () => []);
  for (const [member, by] of inviter.entries()) if (by >= 0) invitees[by]!.push(member);

  const writer = new BatchWriter(db, engine, [USERS, INVITATION_CODES]);
  for (let member = 0; member < options.count; member += 1) {
    const id = member + 1;
    const first = draw.pick(FIRST_NAMES);
    const last = draw.pick(LAST_NAMES);
    const handle = handleOf(first, last, id);
    const joined = iso(joinedAt[member]!);
    await writer.add(USERS, [
      id,
      scaleEmail(id),
      options.passwordHash,
      first,
      last,
      draw.chance(0.6) ? `${draw.pick(BIO_OPENINGS)} ${draw.pick(BIO_CLOSINGS)}` : null,
      draw.chance(0.3) ? `https://${handle}.example` : null,
      draw.chance(0.5) ? draw.pick(LOCATIONS) : null,
      draw.chance(0.4) && options.avatarUrls.length ? draw.pick(options.avatarUrls) : null,
      draw.chance(0.8) ? draw.pick(HEADLINES) : null,
      draw.chance(0.2) ? `https://x.com/${handle}` : null,
      draw.chance(0.1) ? `https://dribbble.com/${handle}` : null,
      draw.chance(0.1) ? `https://www.behance.net/${handle}` : null,
      inviter[member]! >= 0 ? inviter[member]! + 1 : null,
      joined,
      joined,
    ]);
  }
  // Codes after every member exists: a code names both its owner and, once used, a later member.
  let codeId = 0;
  for (let member = 0; member < options.count; member += 1) {
    if (inviter[member] === -1) {
      const issued = iso(joinedAt[member]! - DAY_MS);
      await writer.add(INVITATION_CODES, [codeId + 1, invitationCode(codeId), null, member + 1, iso(joinedAt[member]!), issued]);
      codeId += 1;
    }
    for (let code = 0; code < INVITES_FOR_NEW_USER; code += 1) {
      const usedBy = invitees[member]![code];
      const used = usedBy === undefined ? [null, null] : [usedBy + 1, iso(joinedAt[usedBy]!)];
      await writer.add(INVITATION_CODES, [codeId + 1, invitationCode(codeId), member + 1, ...used, iso(joinedAt[member]!)]);
      codeId += 1;
    }
  }
  await writer.flush();
  return { count: options.count, joinedAt };
}

/**
 * `count` follows, none of oneself, none twice. Creators with more projects draw more
 * followers; long-standing members follow more.
 */
export async function seedFollows(db: Db, engine: Engine, draw: TDraw, options: { count: number; members: TMembers; projectsPerMember: Int32Array; now: number }): Promise<void> {
  const { members } = options;
  const n = members.count;
  const pairs = new Set<number>();
  if (options.count * 2 > n * (n - 1)) {
    // Most of all possible pairs: a random share of every pair, instead of retrying repeats.
    const all = Int32Array.from({ length: n * n }, (_, pair) => pair).filter((pair) => Math.floor(pair / n) !== pair % n);
    for (const pair of partialShuffle(draw, all, options.count)) pairs.add(pair);
  } else {
    const followees = new WeightedPicker(Float64Array.from(options.projectsPerMember, (projects) => 1 + 2 * projects));
    while (pairs.size < options.count) {
      const follower = Math.floor(n * draw.next() ** 1.5);
      const followee = followees.pick(draw.next());
      if (follower !== followee) pairs.add(follower * n + followee);
    }
  }
  const writer = new BatchWriter(db, engine, [FOLLOWS]);
  for (const pair of pairs) {
    const follower = Math.floor(pair / n);
    const followee = pair % n;
    const since = Math.max(members.joinedAt[follower]!, members.joinedAt[followee]!);
    await writer.add(FOLLOWS, [follower + 1, followee + 1, iso(between(since, options.now, draw.next(), 2))]);
  }
  await writer.flush();
}
