// Background transcoding of uploaded videos (a periodic task, server/jobs/periodic-tasks.ts).
// Jobs are the media rows in 'processing', claimed from the database with a lease (so any app
// process may take them, and one that dies mid-transcode leaves a lease that runs out); each
// process transcodes one video at a time. An attempt downloads the original from storage,
// transcodes it, checks the result with ffprobe and stores it as `<key>/full.mp4`, the URL the
// upload answered; then the row becomes 'ready' and the original is deleted. A failed attempt
// is tried again later, up to MAX_TRANSCODE_ATTEMPTS; then the media is marked failed and its
// owner told by e-mail. Idempotent: a repeated attempt writes the same file again.
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MINUTE_MS } from '../../../shared/constants';
import type { TMediaVariants } from '../../../shared/schemas/media';
import { IMMUTABLE_CACHE_CONTROL, inlineDisposition } from '../../adapters/storage/storage';
import { doublingDelayMs } from '../../lib/backoff';
import {
  claimVideoToProcess,
  failVideoProcessing,
  finishVideoProcessing,
  retryVideoProcessingAt,
  type TProcessingContext,
  type TVideoJob,
} from '../projects/media-processing.service';
import { toolAvailable } from './ffmpeg-tools';
import { limitConcurrency } from './limit-concurrency';
import { newTempDir, prepareTempDir, uploadTempDir } from './temp-files';
import { ffprobeVideo } from './video-probe';
import { TRANSCODE_TIMEOUT_MS, transcodeToMp4 } from './video-transcode';
import { sourceFileName, TRANSCODED_VIDEO_MIME, TRANSCODED_VIDEO_NAME } from './video-upload';

/** A claim outlasts the longest transcode (its timeout) with room for the download and upload. */
export const TRANSCODE_LEASE_MS = TRANSCODE_TIMEOUT_MS + 5 * MINUTE_MS;
/** Tries before a video is marked failed; a claim that ran out (a crash) counts as one. */
export const MAX_TRANSCODE_ATTEMPTS = 3;
const FIRST_RETRY_MS = MINUTE_MS;
const MAX_RETRY_MS = 30 * MINUTE_MS;
/** Videos one run handles before it gives the scheduler back its turn. */
const MAX_VIDEOS_PER_RUN = 20;

/** One transcode at a time in this process: ffmpeg takes both cores as it is. */
const transcodeSlot = limitConcurrency(1);

/** A failure that trying again will not cure (the original is gone): the media fails at once. */
class FinalFailure extends Error {}

/** Transcodes the processing videos that are due, one at a time; how many attempts it made. */
export async function processPendingVideos(ctx: TProcessingContext, options: { signal?: AbortSignal } = {}): Promise<number> {
  if (!(await toolAvailable(ctx.config.media.ffmpegPath)) || !(await toolAvailable(ctx.config.media.ffprobePath))) return 0;
  let handled = 0;
  while (handled < MAX_VIDEOS_PER_RUN && !options.signal?.aborted) {
    const tried = await transcodeSlot(async () => {
      const job = await claimVideoToProcess(ctx, new Date(ctx.now().getTime() + TRANSCODE_LEASE_MS));
      if (!job) return false;
      await processVideo(ctx, job, options.signal);
      return true;
    });
    if (!tried) break;
    handled += 1;
  }
  return handled;
}

async function processVideo(ctx: TProcessingContext, job: TVideoJob, signal: AbortSignal | undefined): Promise<void> {
  if (job.attempts > MAX_TRANSCODE_ATTEMPTS) {
    await failVideoProcessing(ctx, job, 'interrupted too many times');
    return;
  }
  const tempDir = uploadTempDir(ctx.config.dataDir);
  await prepareTempDir(tempDir);
  const workDir = await newTempDir(tempDir, 'transcode');
  try {
    const result = await transcodeJob(ctx, job, workDir, signal);
    const outcome = await finishVideoProcessing(ctx, job, result);
    ctx.log.info({ mediaId: job.id, outcome }, 'video transcoded');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (signal?.aborted) {
      // Shutting down: ffmpeg was stopped, and the video is due again at once for whichever process is up.
      await retryVideoProcessingAt(ctx, job, { error: 'interrupted by a shutdown', nextAt: ctx.now() });
    } else if (error instanceof FinalFailure || job.attempts >= MAX_TRANSCODE_ATTEMPTS) {
      if (await failVideoProcessing(ctx, job, message)) ctx.log.warn({ mediaId: job.id, attempts: job.attempts, error: message }, 'video could not be processed; the owner is told');
    } else {
      const nextAt = new Date(ctx.now().getTime() + doublingDelayMs(job.attempts, { firstMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS }));
      await retryVideoProcessingAt(ctx, job, { error: message, nextAt });
      ctx.log.warn({ mediaId: job.id, attempts: job.attempts, error: message }, 'video transcode failed; will retry');
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function transcodeJob(ctx: TProcessingContext, job: TVideoJob, workDir: string, signal: AbortSignal | undefined) {
  const { ffmpegPath, ffprobePath } = ctx.config.media;
  const input = join(workDir, sourceFileName(job.sourceExt));
  const original = await ctx.storage.get(`${job.sourceKey}/${sourceFileName(job.sourceExt)}`);
  if (!original) throw new FinalFailure('the original file is missing from storage');
  await pipeline(original, createWriteStream(input));

  const output = join(workDir, TRANSCODED_VIDEO_NAME);
  const run = await transcodeToMp4(ffmpegPath, input, job.sourceExt, output, signal);
  if (!run.ok) throw new Error(`ffmpeg failed: ${run.stderr.trim().split('\n').slice(-3).join(' ') || 'no output'}`);
  const probe = await ffprobeVideo(ffprobePath, output, 'mp4');
  if (probe?.videoCodec !== 'h264') throw new Error('the transcoded file is not an H.264 video');

  const key = `${job.storageKey}/${TRANSCODED_VIDEO_NAME}`;
  await ctx.storage.put(key, { file: output }, { contentType: TRANSCODED_VIDEO_MIME, cacheControl: IMMUTABLE_CACHE_CONTROL, contentDisposition: inlineDisposition(key) });
  const full = { url: ctx.storage.url(key), width: probe.width, height: probe.height, mime: TRANSCODED_VIDEO_MIME };
  const variants: TMediaVariants = { ...job.variants, full };
  return { sizeBytes: (await stat(output)).size, width: probe.width, height: probe.height, variants };
}
