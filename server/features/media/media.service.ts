// Uploads: received files become stored renditions and media rows (recorded by the projects
// module, which owns them), all or nothing.
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TAiMetadata, TMediaRendition, TMediaVariants, TUploadResponse } from '../../../shared/schemas/media';
import { IMMUTABLE_CACHE_CONTROL, inlineDisposition, type TStorage } from '../../adapters/storage/storage';
import type { TContext } from '../../context';
import { AppError } from '../../http/errors';
import { recordUploads, type TNewMediaRow } from '../projects/projects.service';
import { readAiMetadata } from './ai-metadata';
import { contentTypeOfExtension } from './detect-media-type';
import { makeImageVariants, type TRenditionFile } from './image-variants';
import { limitConcurrency } from './limit-concurrency';
import { MediaRefusal } from './media-refusal';
import type { TReceivedFile } from './receive-uploads';
import { newTempDir } from './temp-files';
import { pendingFullRendition, prepareVideo, storeVideoSource, type TPreparedVideo } from './video-upload';

/**
 * Files processed at once in this process, across all requests: sharp already runs two
 * threads per image, which is the whole machine, and one file at a time keeps memory flat.
 */
const PROCESSING_SLOTS = 1;
const processingSlot = limitConcurrency(PROCESSING_SLOTS);

interface TPreparedMedia {
  file: TReceivedFile;
  renditions: TRenditionFile[];
  placeholder: string | null;
  aiMetadata: TAiMetadata | null;
  /** A video transcoded in the background (video-upload.ts). */
  pendingVideo?: TPreparedVideo['pending'];
}

/** `<yyyy>/<mm>/<random>`: unguessable, and a month's uploads share a folder. */
function newStorageKey(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomBytes(12).toString('base64url')}`;
}

async function prepareMedia(ctx: TContext, file: TReceivedFile, workDir: string): Promise<TPreparedMedia> {
  await mkdir(workDir, { recursive: true });
  try {
    // Read provenance from the upload itself, before the re-encoded variants drop every tag.
    const aiMetadata = await readAiMetadata(file.path, file.type);
    if (file.type.kind === 'video') {
      const video = await prepareVideo(ctx.config.media, file, workDir);
      return { file, renditions: video.renditions, placeholder: video.placeholder, aiMetadata, pendingVideo: video.pending };
    }
    const image = await makeImageVariants(file.path, file.type, workDir);
    return { file, renditions: image.renditions, placeholder: image.placeholder, aiMetadata };
  } catch (error) {
    if (error instanceof MediaRefusal) throw new AppError(error.status, `${file.filename}: ${error.reason}`);
    throw error;
  }
}

async function storeRenditions(storage: TStorage, key: string, item: TPreparedMedia): Promise<TMediaVariants> {
  const results = await Promise.allSettled(
    item.renditions.map(async (rendition): Promise<[string, TMediaRendition]> => {
      const fileKey = `${key}/${rendition.storedAs}`;
      const mime = contentTypeOfExtension(rendition.ext) ?? 'application/octet-stream';
      await storage.put(fileKey, { file: rendition.file }, { contentType: mime, cacheControl: IMMUTABLE_CACHE_CONTROL, contentDisposition: inlineDisposition(fileKey) });
      return [rendition.name, { url: storage.url(fileKey), width: rendition.width, height: rendition.height, mime }];
    }),
  );
  // Every put has settled before a failure is reported, so the cleanup cannot race a late one.
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const variants = Object.fromEntries(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))) as Partial<TMediaVariants>;
  if (item.pendingVideo) variants.full = pendingFullRendition(storage, key, item.pendingVideo);
  if (!variants.full) throw new Error('an upload without its full rendition');
  return { ...variants, full: variants.full };
}

/**
 * Processes and stores every received file, then records them in one transaction. A file
 * refused while processing (a pixel bomb, an undecodable image) refuses the whole request
 * before anything is stored; any later failure removes what was stored.
 */
export async function storeUploads(ctx: TContext, ownerId: number, files: TReceivedFile[], tempDir: string): Promise<TUploadResponse> {
  const workDir = await newTempDir(tempDir, 'work');
  const storedKeys: string[] = [];
  try {
    const prepared: TPreparedMedia[] = [];
    for (const [index, file] of files.entries()) {
      prepared.push(await processingSlot(() => prepareMedia(ctx, file, join(workDir, String(index)))));
    }
    const now = ctx.now();
    const rows: TNewMediaRow[] = [];
    for (const item of prepared) {
      const key = newStorageKey(now);
      storedKeys.push(key);
      const variants = await storeRenditions(ctx.storage, key, item);
      // A video to transcode: its original waits under a key of its own (video-upload.ts).
      let processing: Partial<TNewMediaRow> = {};
      if (item.pendingVideo) {
        const sourceKey = newStorageKey(now);
        storedKeys.push(sourceKey);
        processing = await storeVideoSource(ctx.storage, sourceKey, item.pendingVideo, now);
      }
      rows.push({
        owner_id: ownerId,
        project_id: null,
        kind: item.file.type.kind,
        mime: variants.full.mime,
        size_bytes: item.file.size,
        width: variants.full.width,
        height: variants.full.height,
        placeholder: item.placeholder,
        storage_key: key,
        url: variants.full.url,
        variants: JSON.stringify(variants),
        ai_metadata: item.aiMetadata ? JSON.stringify(item.aiMetadata) : null,
        created_at: now.toISOString(),
        ...processing,
      });
    }
    const media = await recordUploads(ctx, rows);
    return { urls: media.map((item) => item.url), files: media };
  } catch (error) {
    await Promise.allSettled(storedKeys.map((key) => ctx.storage.deletePrefix(key)));
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
