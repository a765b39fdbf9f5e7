// A poster frame for an uploaded video, made with ffmpeg when it is installed (Debian:
// `apt-get install -y ffmpeg`); a video none of whose frames decodes is refused for it
// (video-upload.ts). Without ffmpeg there is no poster and the client shows the video's
// first frame.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { TMediaType } from './detect-media-type';
import { DEMUXER, runTool, SAFE_INPUT_ARGS, toolAvailable } from './ffmpeg-tools';
import { MAX_IMAGE_PIXELS, type TRenditionFile } from './image-variants';
import { thumbhashOf } from './placeholder';

const FFMPEG_TIMEOUT_MS = 20_000;
/** Half a second in skips black first frames and fade-ins; shorter clips fall back to the first frame. */
const POSTER_AT_SECONDS = ['0.5', '0'];
const POSTER_MAX_SIDE = 1280;
const POSTER_JPEG_QUALITY = 82;

export interface TVideoPoster {
  poster: TRenditionFile;
  /** The video's display size (rotation applied), from the decoded frame. */
  width: number;
  height: number;
  placeholder: string;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** The poster rendition, or null without ffmpeg or when no frame can be decoded. */
export async function makeVideoPoster(input: string, type: TMediaType, outDir: string, ffmpeg: string): Promise<TVideoPoster | null> {
  const demuxer = DEMUXER[type.ext];
  if (!demuxer || !(await toolAvailable(ffmpeg))) return null;
  const frameFile = join(outDir, 'frame.png');
  for (const seconds of POSTER_AT_SECONDS) {
    const args = [...SAFE_INPUT_ARGS, '-f', demuxer, '-ss', seconds, '-i', input];
    await runTool(ffmpeg, [...args, '-frames:v', '1', '-an', '-sn', '-dn', '-f', 'image2', '-c:v', 'png', '-y', frameFile], FFMPEG_TIMEOUT_MS);
    if (await exists(frameFile)) break;
  }
  if (!(await exists(frameFile))) return null;

  try {
    const frame = await sharp(frameFile, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    const posterFile = join(outDir, 'poster.jpg');
    const info = await sharp(frameFile, { limitInputPixels: MAX_IMAGE_PIXELS })
      .resize({ width: POSTER_MAX_SIDE, height: POSTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: POSTER_JPEG_QUALITY })
      .toFile(posterFile);
    return {
      poster: { name: 'poster', file: posterFile, storedAs: 'poster.jpg', ext: 'jpg', width: info.width, height: info.height },
      width: frame.width,
      height: frame.height,
      placeholder: await thumbhashOf(sharp(frameFile, { limitInputPixels: MAX_IMAGE_PIXELS })),
    };
  } catch {
    // A poster is a nicety: a frame that cannot be turned into one leaves the video without.
    return null;
  }
}
