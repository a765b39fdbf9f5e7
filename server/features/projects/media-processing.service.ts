// The project media side of background video processing (features/media/video-processing.service.ts
// does the transcoding): claiming a processing video, and recording how it ended — with the
// original's deletion scheduled in the same transaction, and on failure the owner's e-mail too.
import type { TMediaVariants } from '../../../shared/schemas/media';
import { inTransaction, invalidateAfterCommit, type TContext } from '../../context';
import { changedByProjectEdit } from '../../lib/cache-tags';
import { mailAddressOf } from '../accounts/accounts.service';
import { queueMail } from '../messages/outbox.service';
import { deleteScheduledFiles, scheduleFileDeletions } from './file-deletions.service';
import { claimProcessingMedia, completeProcessingMedia, failProcessingMedia, mediaRowExists, postponeProcessingMedia } from './media.repo';
import { findProjectById } from './projects.repo';

export type TProcessingContext = Pick<TContext, 'db' | 'engine' | 'config' | 'now' | 'storage' | 'log'> & Partial<Pick<TContext, 'readCache'>>;

/** A claimed video: what the transcode needs, and the lease that says the claim is still ours. */
export interface TVideoJob {
  id: number;
  ownerId: number;
  projectId: number | null;
  storageKey: string;
  sourceKey: string;
  sourceExt: string;
  sourceName: string;
  /** Attempts so far, this one included. */
  attempts: number;
  leasedUntil: string;
  variants: TMediaVariants;
}

/** Claims the processing video due soonest, held until `leaseUntil`; undefined when none is due. */
export async function claimVideoToProcess(ctx: TProcessingContext, leaseUntil: Date): Promise<TVideoJob | undefined> {
  const row = await claimProcessingMedia(ctx.db, ctx.engine, { now: ctx.now(), leaseUntil });
  if (!row) return undefined;
  if (!row.source_key || !row.source_ext || !row.processing_next_at) throw new Error(`processing media ${row.id} has no original`);
  return {
    id: row.id,
    ownerId: row.owner_id,
    projectId: row.project_id,
    storageKey: row.storage_key,
    sourceKey: row.source_key,
    sourceExt: row.source_ext,
    sourceName: row.source_name ?? 'video',
    attempts: row.processing_attempts,
    leasedUntil: row.processing_next_at,
    variants: JSON.parse(row.variants) as TMediaVariants,
  };
}

const lease = (job: TVideoJob) => ({ id: job.id, leasedUntil: job.leasedUntil });

/** Project pages that show the media forget their cached copy (when this process has the cache). */
function changedMedia(tx: TProcessingContext & { changedInTransaction?: string[] }, ownerId: number, projectId: number | null): void {
  if (projectId !== null && tx.readCache) invalidateAfterCommit(tx, changedByProjectEdit({ projectId, creatorId: ownerId }));
}

/**
 * The MP4 is stored: the row now describes it and the original is deleted. 'gone' when the
 * media was deleted meanwhile (its MP4, stored after, is scheduled for deletion too); 'lost'
 * when the lease ran out and another process holds the job.
 */
export async function finishVideoProcessing(
  ctx: TProcessingContext,
  job: TVideoJob,
  result: { sizeBytes: number; width: number | null; height: number | null; variants: TMediaVariants },
): Promise<'done' | 'gone' | 'lost'> {
  const { outcome, scheduled } = await inTransaction(ctx, async (tx) => {
    const row = await completeProcessingMedia(tx.db, lease(job), { mime: result.variants.full.mime, sizeBytes: result.sizeBytes, width: result.width, height: result.height, variants: JSON.stringify(result.variants) });
    if (row) {
      changedMedia(tx, row.owner_id, row.project_id);
      return { outcome: 'done' as const, scheduled: await scheduleFileDeletions(tx, [job.sourceKey]) };
    }
    if (await mediaRowExists(tx.db, job.id)) return { outcome: 'lost' as const, scheduled: [] };
    return { outcome: 'gone' as const, scheduled: await scheduleFileDeletions(tx, [job.storageKey, job.sourceKey]) };
  });
  await deleteScheduledFiles(ctx, scheduled);
  return outcome;
}

/** One more try later. */
export async function retryVideoProcessingAt(ctx: TProcessingContext, job: TVideoJob, retry: { error: string; nextAt: Date }): Promise<void> {
  await postponeProcessingMedia(ctx.db, lease(job), { error: retry.error.slice(0, 1000), nextAt: retry.nextAt });
}

/**
 * Processing has stopped for good: the media is marked failed, the original deleted, and the
 * owner told by e-mail (queued with the change, so sent exactly once). Whether it was recorded.
 */
export async function failVideoProcessing(ctx: TProcessingContext, job: TVideoJob, error: string): Promise<boolean> {
  const scheduled = await inTransaction(ctx, async (tx) => {
    const row = await failProcessingMedia(tx.db, lease(job), error.slice(0, 1000));
    if (!row) return null;
    changedMedia(tx, row.owner_id, row.project_id);
    const to = await mailAddressOf(tx, row.owner_id);
    if (to) {
      const project = row.project_id === null ? undefined : await findProjectById(tx.db, row.project_id);
      await queueMail(tx, { messageId: null, to, replyTo: null, ...videoFailedMail(ctx, job.sourceName, project), now: ctx.now() });
    }
    return scheduleFileDeletions(tx, [job.sourceKey]);
  });
  if (!scheduled) return false;
  await deleteScheduledFiles(ctx, scheduled);
  return true;
}

export function videoFailedMail(ctx: Pick<TContext, 'config'>, name: string, project: { slug: string; title: string } | undefined): { subject: string; text: string } {
  const where = project ? ` in your project "${project.title}"` : '';
  return {
    subject: `Your video ${name} could not be processed`,
    text: [
      'Hello,',
      '',
      `Your video ${name}${where} could not be converted into a format that every browser plays, so it is not shown to visitors.`,
      '',
      project
        ? `Please upload it again, preferably as an MP4 (H.264) or WebM file, and replace it in the project: ${ctx.config.publicUrl}/project/${project.slug}`
        : 'Please upload it again, preferably as an MP4 (H.264) or WebM file.',
      '',
      `— ${ctx.config.siteName}`,
    ].join('\n'),
  };
}
