// Seeded likes and views. Likes follow Zipf-like popularity over projects (a project can
// have at most one like per member); each liker also viewed the project that day, and
// anonymous visitors add more views, so views always outnumber likes.
import type { Kysely } from 'kysely';
import type { Engine } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { BatchWriter } from './bulk-sql';
import { distinctSample, shareOut, zipfWeights, type TDraw } from './draw';
import type { TMembers } from './members';
import type { TProjects } from './projects';
import { LIKES, PROJECT_VIEWS } from './tables';
import { between, iso, utcDay } from './time';

type Db = Kysely<Database>;

/** Popularity falls off as 1/rank^0.9: a handful of hits, a long tail of quiet work. */
const POPULARITY_EXPONENT = 0.9;

/** murmur3's finaliser: a bijection on 32-bit integers that looks random. */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * An anonymous viewer key shaped like the app's (`a:` and 32 hex digits of a hash). The first
 * 8 digits are a bijection of the counter, so no two keys are the same.
 */
function anonymousViewer(counter: number): string {
  const hex = (value: number) => value.toString(16).padStart(8, '0');
  return `a:${hex(mix32(counter))}${hex(mix32(counter ^ 0x9e3779b9))}${hex(mix32(counter + 0x7f4a7c15))}${hex(mix32(~counter))}`;
}

export async function seedEngagement(
  db: Db,
  engine: Engine,
  draw: TDraw,
  options: { likes: number; members: TMembers; projects: TProjects; now: number; log: (line: string) => void },
): Promise<void> {
  const { members, projects, now } = options;
  const likesPerProject = shareOut(options.likes, zipfWeights(draw, projects.count, POPULARITY_EXPONENT), members.count);
  // Long-standing members like more than newcomers.
  const liker = () => Math.floor(members.count * draw.next() ** 1.5);
  const everyone = Int32Array.from({ length: members.count }, (_, i) => i);
  let anonymous = 0;
  let likesWritten = 0;
  let nextReport = 0.1;

  const writer = new BatchWriter(db, engine, [LIKES, PROJECT_VIEWS]);
  for (let index = 0; index < projects.count; index += 1) {
    const id = index + 1;
    const posted = projects.createdAt[index]!;
    const likes = likesPerProject[index]!;
    for (const member of distinctSample(draw, members.count, likes, liker, everyone)) {
      // Most likes come soon after posting.
      const at = between(Math.max(posted, members.joinedAt[member]!), now, draw.next(), 3);
      await writer.add(LIKES, [member + 1, id, iso(at)]);
      await writer.add(PROJECT_VIEWS, [id, `u:${member + 1}`, utcDay(at)]);
    }
    const visitors = Math.round(likes * 2 * draw.next()) + draw.int(8);
    for (let visit = 0; visit < visitors; visit += 1) {
      await writer.add(PROJECT_VIEWS, [id, anonymousViewer(anonymous), utcDay(between(posted, now, draw.next(), 2))]);
      anonymous += 1;
    }
    likesWritten += likes;
    if (options.likes && likesWritten >= nextReport * options.likes) {
      options.log(`  likes and views: ${Math.round((likesWritten / options.likes) * 100)}% of likes`);
      nextReport = Math.floor((likesWritten / options.likes) * 10 + 1) / 10;
    }
  }
  await writer.flush();
}
