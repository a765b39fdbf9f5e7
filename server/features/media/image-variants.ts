// Re-encodes an uploaded image into the renditions the site serves. Every output is written
// without metadata (sharp drops EXIF, GPS, XMP and comments unless asked to keep them) and
// upright (EXIF orientation applied). Animated GIFs and WebPs stay animated.
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp, { type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import type { TMediaVariants } from '../../../shared/schemas/media';
import type { TMediaType } from './detect-media-type';
import { MediaRefusal, NOT_MEDIA, UNREADABLE_IMAGE } from './media-refusal';
import { thumbhashOf } from './placeholder';

// An upload server decodes each image once: libvips' operation cache would only hold memory.
// Two threads per image match the machine; the service processes one file at a time.
sharp.cache(false);
sharp.concurrency(2);

/** A 24 MP photo passes; a pixel bomb declaring 20000×20000 is refused from its header. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** All frames of an animation together (frames are decoded one after another). */
export const MAX_ANIMATION_PIXELS = 150_000_000;

const FULL_MAX_SIDE = 2560;
const CARD_WIDTH = 400;
const DETAIL_BOX = { width: 800, height: 600 };
const OG_SIZE = { width: 1200, height: 630 };
const WEBP_QUALITY = { full: 85, sized: 80 };
/**
 * The full size is the longest encode of an upload. At the same quality, libwebp's effort 2 takes
 * half the time of its default 4 on a 2560-pixel photo, for a file within 2% of the size and
 * 0.2 dB of the PSNR (measured on the upload bench's 24 MP photo).
 */
const FULL_WEBP_EFFORT = 2;
/** AVIF's default effort takes seconds per image on two cores; effort 2 keeps most of the gain. */
const AVIF = { quality: 50, effort: 2 };
const OG_JPEG_QUALITY = 82;
/** Share previews have no transparency: transparent areas become white, not black. */
const OG_BACKGROUND = '#ffffff';

export type TRenditionName = keyof TMediaVariants;

export interface TRenditionFile {
  name: TRenditionName;
  /** Where it is now, on this machine. */
  file: string;
  /** Its file name under the upload's storage key: `card.avif`. */
  storedAs: string;
  ext: string;
  /** Null for a video whose size is unknown (no ffmpeg to decode a frame). */
  width: number | null;
  height: number | null;
}

export interface TImageVariants {
  renditions: TRenditionFile[];
  /** ThumbHash of the image, base64. */
  placeholder: string;
}

/** Sharp's decoding failures are the file's fault; a system error (disk full, …) is ours. */
function isSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

/** The width that fits a frame inside a box without enlarging it (animations resize by width). */
function widthInside(frame: { width: number; height: number }, box: { width: number; height: number }): number {
  return Math.max(1, Math.round(frame.width * Math.min(1, box.width / frame.width, box.height / frame.height)));
}

function rendition(name: TRenditionName, file: string, ext: string, info: OutputInfo): TRenditionFile {
  // Animated outputs stack their frames; pageHeight is one frame.
  return { name, file, storedAs: basename(file), ext, width: info.width, height: info.pageHeight ?? info.height };
}

/** WebP, and AVIF beside it when AVIF turns out smaller (it usually does, not always). */
async function webpAndAvif(image: Sharp, name: 'card' | 'detail', outDir: string): Promise<TRenditionFile[]> {
  const webpFile = join(outDir, `${name}.webp`);
  const avifFile = join(outDir, `${name}.avif`);
  const webp = await image.clone().webp({ quality: WEBP_QUALITY.sized }).toFile(webpFile);
  const avif = await image.clone().avif(AVIF).toFile(avifFile);
  const renditions = [rendition(name, webpFile, 'webp', webp)];
  if (avif.size < webp.size) renditions.push(rendition(name === 'card' ? 'cardAvif' : 'detailAvif', avifFile, 'avif', avif));
  else await rm(avifFile, { force: true });
  return renditions;
}

/**
 * Still images are decoded once, oriented and brought down to the full size, and every
 * rendition is cut from that in-memory copy (at most 2560² pixels) instead of decoding the
 * upload again for each.
 */
async function stillVariants(input: string, outDir: string): Promise<TImageVariants> {
  const base = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: FULL_MAX_SIDE, height: FULL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = base.info;
  const fromBase = () => sharp(base.data, { raw: { width, height, channels } });

  const fullFile = join(outDir, 'full.webp');
  const ogFile = join(outDir, 'og.jpg');
  // One rendition after another: together they would multiply the encoders' memory for little gain.
  const full = await fromBase().webp({ quality: WEBP_QUALITY.full, effort: FULL_WEBP_EFFORT }).toFile(fullFile);
  const card = await webpAndAvif(fromBase().resize({ width: CARD_WIDTH, withoutEnlargement: true }), 'card', outDir);
  const detail = await webpAndAvif(fromBase().resize({ ...DETAIL_BOX, fit: 'inside', withoutEnlargement: true }), 'detail', outDir);
  const og = await fromBase()
    .resize({ ...OG_SIZE, fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: OG_BACKGROUND })
    .jpeg({ quality: OG_JPEG_QUALITY })
    .toFile(ogFile);
  const placeholder = await thumbhashOf(fromBase());
  return { renditions: [rendition('full', fullFile, 'webp', full), ...card, ...detail, rendition('og', ogFile, 'jpg', og)], placeholder };
}

/** GIFs stay GIFs at full size (the URL says .gif); the sized renditions are animated WebP. */
async function animatedVariants(input: string, type: TMediaType, frame: { width: number; height: number }, outDir: string): Promise<TImageVariants> {
  const animated: SharpOptions = { animated: true, limitInputPixels: MAX_ANIMATION_PIXELS, failOn: 'error' };
  const firstFrame = () => sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  const fullExt = type.ext === 'gif' ? 'gif' : 'webp';
  const fullFile = join(outDir, `full.${fullExt}`);
  const cardFile = join(outDir, 'card.webp');
  const detailFile = join(outDir, 'detail.webp');
  const ogFile = join(outDir, 'og.jpg');
  const fullImage = sharp(input, animated).resize({ width: widthInside(frame, { width: FULL_MAX_SIDE, height: FULL_MAX_SIDE }) });
  // Animations are decoded and encoded frame by frame: side by side they cost little memory,
  // and the encoders (single-threaded, slow for long GIFs) get both cores.
  const [full, card, detail] = await Promise.all([
    (fullExt === 'gif' ? fullImage.gif() : fullImage.webp({ quality: WEBP_QUALITY.full })).toFile(fullFile),
    sharp(input, animated)
      .resize({ width: Math.min(CARD_WIDTH, frame.width) })
      .webp({ quality: WEBP_QUALITY.sized })
      .toFile(cardFile),
    sharp(input, animated)
      .resize({ width: widthInside(frame, DETAIL_BOX) })
      .webp({ quality: WEBP_QUALITY.sized })
      .toFile(detailFile),
  ]);
  const og = await firstFrame()
    .resize({ ...OG_SIZE, fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: OG_BACKGROUND })
    .jpeg({ quality: OG_JPEG_QUALITY })
    .toFile(ogFile);
  return {
    renditions: [
      rendition('full', fullFile, fullExt, full),
      rendition('card', cardFile, 'webp', card),
      rendition('detail', detailFile, 'webp', detail),
      rendition('og', ogFile, 'jpg', og),
    ],
    placeholder: await thumbhashOf(firstFrame()),
  };
}

/** Writes the renditions into outDir; refuses images too large to decode safely, or undecodable. */
export async function makeImageVariants(input: string, type: TMediaType, outDir: string): Promise<TImageVariants> {
  try {
    // The header alone: a pixel bomb is measured here, never decoded.
    const header = await sharp(input, { animated: true, limitInputPixels: false }).metadata();
    const frame = { width: header.width, height: header.pageHeight ?? header.height };
    const pages = header.pages ?? 1;
    if (!frame.width || !frame.height) throw new MediaRefusal(415, NOT_MEDIA);
    if (frame.width * frame.height > MAX_IMAGE_PIXELS) {
      throw new MediaRefusal(413, `Image dimensions exceed the ${MAX_IMAGE_PIXELS / 1_000_000} megapixel limit`);
    }
    const animated = type.kind === 'gif' || (type.ext === 'webp' && pages > 1);
    if (animated && frame.width * frame.height * pages > MAX_ANIMATION_PIXELS) {
      throw new MediaRefusal(413, `Animation exceeds the ${MAX_ANIMATION_PIXELS / 1_000_000} megapixel limit for all frames together`);
    }
    return animated ? await animatedVariants(input, type, frame, outDir) : await stillVariants(input, outDir);
  } catch (error) {
    if (error instanceof MediaRefusal || isSystemError(error)) throw error;
    throw new MediaRefusal(415, UNREADABLE_IMAGE);
  }
}
