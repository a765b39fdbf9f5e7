// Seeded projects with their categories, tags and media. A few prolific creators post most
// of the work; categories, tags and tools follow Zipf-like popularity; media rows point at
// the shared library files.
import type { Kysely } from 'kysely';
import type { TUploadCategory } from '../../shared/constants';
import type { TAiMetadata, TMediaKind, TMediaVariants } from '../../shared/schemas/media';
import type { Engine } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { slugify } from '../../server/features/projects/slug';
import { BatchWriter, type TCell } from './bulk-sql';
import { rankedWeights, WeightedPicker, zipfWeights, type TDraw } from './draw';
import type { TLibraryItem, TMediaLibrary } from './media-library';
import type { TMembers } from './members';
import { PROJECT_CATEGORIES, PROJECT_MEDIA, PROJECT_TAGS, PROJECTS } from './tables';
import { between, iso } from './time';
import { DESCRIPTION_STYLES, MODELS, SAMPLERS, TAGS, TITLE_ADJECTIVES, TITLE_SUBJECTS, TITLE_SUFFIXES, TOOLS } from './vocabulary';

type Db = Kysely<Database>;

const CATEGORIES_BY_POPULARITY: readonly TUploadCategory[] = ['Illustration', 'Branding', 'Web Design', 'Animation', 'Social', 'Print', 'Mobile', 'Production Design'];
/** Share of members who never post (they browse, like and follow). */
const NON_POSTERS = 0.3;
/** Media per project, and categories per project, with their odds. */
const MEDIA_COUNT_ODDS: [number, number][] = [[1, 0.55], [2, 0.25], [3, 0.12], [4, 0.08]];
const CATEGORY_COUNT_ODDS: [number, number][] = [[1, 0.7], [2, 0.25], [3, 0.05]];
/** Odds of each kind of media file. */
const KIND_ODDS: [TMediaKind, number][] = [['image', 0.9], ['gif', 0.06], ['video', 0.04]];
const NEGATIVE_PROMPTS = ['blurry, low quality, watermark', 'extra fingers, deformed hands', 'text, signature, jpeg artifacts', null] as const;

/** What later phases need to know about the projects (index = id − 1). */
export interface TProjects {
  count: number;
  createdAt: Float64Array;
  /** Projects per member (index = member id − 1). */
  perMember: Int32Array;
}

/** Picks from a ranked list with Zipf-like odds. */
function rankedPicker<T>(draw: TDraw, items: readonly T[], exponent: number) {
  const picker = new WeightedPicker(rankedWeights(items.length, exponent));
  return () => items[picker.pick(draw.next())]!;
}

function distinct<T>(count: number, pick: () => T): T[] {
  const chosen = new Set<T>();
  // Bounded: a short list may not hold `count` different values.
  for (let tries = 0; chosen.size < count && tries < count * 20; tries += 1) chosen.add(pick());
  return [...chosen];
}

function oddsPick<T>(draw: TDraw, odds: readonly (readonly [T, number])[]): T {
  let uniform = draw.next();
  for (const [value, odd] of odds) {
    if (uniform < odd) return value;
    uniform -= odd;
  }
  return odds[odds.length - 1]![0];
}

function aiMetadata(draw: TDraw, tool: string, title: string, tags: string[]): TAiMetadata {
  const prompt = `${title.toLowerCase()}, ${tags.join(', ')}, highly detailed`;
  // Midjourney keeps its settings to itself; local tools write them all into the file.
  const local = tool === 'Stable Diffusion' || tool === 'ComfyUI' || tool === 'Flux';
  return {
    tool,
    prompt,
    negativePrompt: local ? draw.pick(NEGATIVE_PROMPTS) : null,
    steps: local ? draw.between(20, 50) : null,
    sampler: local ? draw.pick(SAMPLERS) : null,
    cfgScale: local ? draw.between(30, 90) / 10 : null,
    seed: local ? String(draw.between(1, 2_147_483_647)) : null,
    model: local ? draw.pick(MODELS) : null,
    software: local ? null : tool,
    c2pa: tool === 'Adobe Firefly',
  };
}

/**
 * Each media row needs its own URL (project_media.url is unique) but the files are shared:
 * the query string tells the rows apart and every server and CDN ignores it when serving.
 * The storage key is the row's own and holds nothing, so deleting a seeded project (which
 * removes the files under its media's keys) never removes the shared files.
 */
function mediaRow(id: number, projectId: number, ownerId: number, position: number, item: TLibraryItem, metadata: TAiMetadata | null, createdAt: string): TCell[] {
  const url = `${item.variants.full.url}?m=${id}`;
  const variants: TMediaVariants = { ...item.variants, full: { ...item.variants.full, url } };
  return [
    id, ownerId, projectId, position, item.kind, item.mime, item.sizeBytes, item.width, item.height, item.placeholder,
    `scale/rows/${id}`, url, JSON.stringify(variants), metadata ? JSON.stringify(metadata) : null, createdAt,
  ];
}

export async function seedProjects(db: Db, engine: Engine, draw: TDraw, options: { count: number; members: TMembers; library: TMediaLibrary; now: number }): Promise<TProjects> {
  const { members, library } = options;
  const start = members.joinedAt[0]!;
  // More work is posted lately, as the community grows; ids follow the order of posting.
  const createdAt = Float64Array.from({ length: options.count }, () => between(start, options.now, draw.next(), 0.7)).sort();
  const productivity = zipfWeights(draw, members.count, 1);
  for (let member = 1; member < members.count; member += 1) if (draw.chance(NON_POSTERS)) productivity[member] = 0;
  const creators = new WeightedPicker(productivity);
  const perMember = new Int32Array(members.count);
  const category = rankedPicker(draw, CATEGORIES_BY_POPULARITY, 1);
  const tag = rankedPicker(draw, TAGS, 1);
  const tool = rankedPicker(draw, TOOLS, 1.2);
  const libraryOf: Record<TMediaKind, TLibraryItem[]> = { image: library.images, gif: library.gifs, video: library.videos };

  const writer = new BatchWriter(db, engine, [PROJECTS, PROJECT_CATEGORIES, PROJECT_TAGS, PROJECT_MEDIA]);
  let joined = 0;
  let mediaId = 0;
  for (let index = 0; index < options.count; index += 1) {
    const id = index + 1;
    const posted = createdAt[index]!;
    // Only members who had joined by then can post (member 1, the first, always posts).
    while (joined < members.count && members.joinedAt[joined]! <= posted) joined += 1;
    const owner = creators.pick(draw.next(), joined);
    perMember[owner] = perMember[owner]! + 1;

    const title = [draw.pick(TITLE_ADJECTIVES), draw.pick(TITLE_SUBJECTS), ...(draw.chance(0.25) ? [draw.pick(TITLE_SUFFIXES)] : [])].join(' ');
    const usedTool = tool();
    const categories = distinct(oddsPick(draw, CATEGORY_COUNT_ODDS), category);
    const tags = distinct(draw.between(3, 8), tag);
    const description = draw.chance(0.85)
      ? [`${title}, made with ${usedTool}.`, draw.pick(DESCRIPTION_STYLES), ...(draw.chance(0.4) ? [draw.pick(DESCRIPTION_STYLES)] : [])].join(' ')
      : null;
    const postedAt = iso(posted);
    const updatedAt = draw.chance(0.2) ? iso(between(posted, options.now, draw.next(), 2)) : postedAt;
    await writer.add(PROJECTS, [id, `${slugify(title)}-${id.toString(36)}`, owner + 1, title, description, categories.join(','), draw.chance(0.08) ? 1 : 0, postedAt, updatedAt]);
    for (const name of categories) await writer.add(PROJECT_CATEGORIES, [id, name]);
    for (const [position, name] of tags.entries()) await writer.add(PROJECT_TAGS, [id, name, position]);

    const mediaCount = oddsPick(draw, MEDIA_COUNT_ODDS);
    for (let position = 0; position < mediaCount; position += 1) {
      mediaId += 1;
      const kind = oddsPick(draw, KIND_ODDS);
      const item = draw.pick(libraryOf[kind]);
      const metadata = item.kind !== 'video' && draw.chance(0.5) ? aiMetadata(draw, usedTool, title, tags) : null;
      await writer.add(PROJECT_MEDIA, mediaRow(mediaId, id, owner + 1, position, item, metadata, postedAt));
    }
  }
  await writer.flush();
  return { count: options.count, createdAt, perMember };
}
