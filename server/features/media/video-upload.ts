// An uploaded video on its way in: probed (a decodable video stream, not too long), given a
// poster, and — with ffmpeg installed — recorded as 'processing' with its original kept in
// storage under a key of its own until the background transcode (video-processing.service.ts)
// has made the browser-ready MP4 at the URL the upload answers from the start.
import type { TMediaRendition } from '../../../shared/schemas/media';
import { IMMUTABLE_CACHE_CONTROL, inlineDisposition, type TStorage } from '../../adapters/storage/storage';
import type { TMediaConfig } from '../../config';
import { contentTypeOfExtension } from './detect-media-type';
import { toolAvailable } from './ffmpeg-tools';
import type { TRenditionFile } from './image-variants';
import { AVI_NEEDS_FFMPEG, MediaRefusal, UNREADABLE_VIDEO } from './media-refusal';
import type { TReceivedFile } from './receive-uploads';
import { makeVideoPoster } from './video-poster';
import { probeVideo } from './video-probe';

/** Where every video ends up, under its upload's key (the transcode writes it). */
export const TRANSCODED_VIDEO_NAME = 'full.mp4';
export const TRANSCODED_VIDEO_MIME = 'video/mp4';
/** The original's file name under its own key while it waits for the transcode. */
export const sourceFileName = (ext: string) => `source.${ext}`;

export interface TPreparedVideo {
  renditions: TRenditionFile[];
  placeholder: string | null;
  /** Set when the video is transcoded in the background. */
  pending: { width: number | null; height: number | null; source: { file: string; ext: string; name: string } } | null;
}

export async function prepareVideo(media: TMediaConfig, file: TReceivedFile, workDir: string): Promise<TPreparedVideo> {
  const probe = await probeVideo(file.path, file.type, media);
  if (!(await toolAvailable(media.ffmpegPath))) {
    // Nothing can convert it: MP4, WebM and (mostly H.264) QuickTime play as uploaded; AVI plays nowhere.
    if (file.type.ext === 'avi') throw new MediaRefusal(415, AVI_NEEDS_FFMPEG);
    const original: TRenditionFile = { name: 'full', file: file.path, storedAs: `full.${file.type.ext}`, ext: file.type.ext, width: probe.width, height: probe.height };
    return { renditions: [original], placeholder: null, pending: null };
  }
  // A video ffprobe accepts but whose first frame ffmpeg cannot decode is no video either.
  const poster = await makeVideoPoster(file.path, file.type, workDir, media.ffmpegPath);
  if (!poster) throw new MediaRefusal(415, UNREADABLE_VIDEO);
  return {
    renditions: [poster.poster],
    placeholder: poster.placeholder,
    pending: { width: poster.width, height: poster.height, source: { file: file.path, ext: file.type.ext, name: file.filename } },
  };
}

/** The `full` rendition of a video still processing: where its MP4 will be. */
export function pendingFullRendition(storage: TStorage, key: string, pending: NonNullable<TPreparedVideo['pending']>): TMediaRendition {
  return { url: storage.url(`${key}/${TRANSCODED_VIDEO_NAME}`), width: pending.width, height: pending.height, mime: TRANSCODED_VIDEO_MIME };
}

/** Stores the original under its own key (deleted once the transcode succeeds or fails); the row's processing fields. */
export async function storeVideoSource(storage: TStorage, sourceKey: string, pending: NonNullable<TPreparedVideo['pending']>, now: Date) {
  const { source } = pending;
  const key = `${sourceKey}/${sourceFileName(source.ext)}`;
  await storage.put(key, { file: source.file }, { contentType: contentTypeOfExtension(source.ext) ?? 'application/octet-stream', cacheControl: IMMUTABLE_CACHE_CONTROL, contentDisposition: inlineDisposition(key) });
  return { status: 'processing' as const, source_key: sourceKey, source_ext: source.ext, source_name: source.name, processing_next_at: now.toISOString() };
}
