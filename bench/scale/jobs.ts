// Seeded job listings: live ones (paid, within their listing days), ended ones, and a few
// never paid for; every paid listing has its payment recorded.
import type { Kysely } from 'kysely';
import { JOB_LISTING_DAYS, JOB_PRICE_CENTS, JOB_PRICE_CURRENCY, JOB_TYPES } from '../../shared/constants';
import type { TJobStatus } from '../../shared/schemas/job';
import type { Engine } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { BatchWriter } from './bulk-sql';
import type { TDraw } from './draw';
import type { TMembers } from './members';
import { JOB_TAGS, JOBS, PAYMENTS } from './tables';
import { between, DAY_MS, HISTORY_MS, iso } from './time';
import { COMPANIES, JOB_TAGS as TAG_WORDS, JOB_TITLES, LOCATIONS, SALARIES } from './vocabulary';

type Db = Kysely<Database>;

const LISTING_MS = JOB_LISTING_DAYS * DAY_MS;

/** Ended listings per live one, and unpaid drafts per live one. */
const ENDED_PER_LIVE = 0.5;
const UNPAID_PER_LIVE = 0.05;

function description(title: string, company: string): string {
  return `${company} is looking for a ${title} to design prompts, pipelines and finished images for client campaigns. You will work with art directors and engineers, from first sketches to delivery.`;
}

export async function seedJobs(db: Db, engine: Engine, draw: TDraw, options: { live: number; members: TMembers; now: number }): Promise<void> {
  const { now } = options;
  const statuses: TJobStatus[] = [
    ...Array.from({ length: Math.round(options.live * ENDED_PER_LIVE) }, (): TJobStatus => 'expired'),
    ...Array.from({ length: options.live }, (): TJobStatus => 'active'),
    ...Array.from({ length: Math.round(options.live * UNPAID_PER_LIVE) }, (): TJobStatus => 'pending_payment'),
  ];
  const writer = new BatchWriter(db, engine, [JOBS, JOB_TAGS, PAYMENTS]);
  let paymentId = 0;
  for (const [index, status] of statuses.entries()) {
    const id = index + 1;
    // A live listing ends within its listing days from now; an ended one ended within the last two years.
    const activeUntil =
      status === 'active' ? between(now + DAY_MS, now + LISTING_MS, draw.next()) : status === 'expired' ? between(now - HISTORY_MS + LISTING_MS, now - DAY_MS, draw.next()) : null;
    const createdAt = activeUntil === null ? between(now - 7 * DAY_MS, now, draw.next()) : activeUntil - LISTING_MS;
    const title = draw.pick(JOB_TITLES);
    const company = draw.pick(COMPANIES);
    const domain = `${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`;
    const views = status === 'pending_payment' ? 0 : draw.between(20, 3000);
    const intent = status === 'pending_payment' ? null : `pi_scale_${id}`;
    await writer.add(JOBS, [
      id,
      draw.int(options.members.count) + 1,
      title,
      company,
      null,
      description(title, company),
      'Two years of work with diffusion models, a portfolio of shipped images, and clear written English.',
      draw.pick(LOCATIONS),
      draw.chance(0.4) ? 1 : 0,
      draw.pick(JOB_TYPES),
      draw.pick(SALARIES),
      draw.chance(0.7) ? `https://${domain}/careers` : `jobs@${domain}`,
      status,
      activeUntil === null ? null : iso(activeUntil),
      intent,
      Math.floor(views * draw.next() * 0.1),
      views,
      iso(createdAt),
      iso(createdAt),
    ]);
    const tags = [...new Set(Array.from({ length: draw.between(2, 5) }, () => draw.pick(TAG_WORDS)))];
    for (const [position, tag] of tags.entries()) await writer.add(JOB_TAGS, [id, tag, position]);
    if (intent) {
      paymentId += 1;
      await writer.add(PAYMENTS, [paymentId, id, 'test', intent, JOB_PRICE_CENTS, JOB_PRICE_CURRENCY, 'succeeded', iso(createdAt), iso(createdAt)]);
    }
  }
  await writer.flush();
}
