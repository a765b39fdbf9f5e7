// The few real media files every seeded project points at: artwork drawn by sharp, two GIFs
// animated from it and a short video, each run through the app's own upload pipeline
// (renditions, AVIF beside WebP, ThumbHash placeholder, video poster when ffmpeg is present)
// and written once into storage. Hundreds of thousands of media rows then share them.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { TMediaKind, TMediaRendition, TMediaVariants } from '../../shared/schemas/media';
import { IMMUTABLE_CACHE_CONTROL, type TStorage } from '../../server/adapters/storage/storage';
import { drawArtwork } from '../../server/lib/artwork';
import { contentTypeOfExtension, DETECTION_SAMPLE_BYTES, detectMediaType } from '../../server/features/media/detect-media-type';
import { makeImageVariants, type TRenditionFile } from '../../server/features/media/image-variants';
import { makeVideoPoster } from '../../server/features/media/video-poster';

/** Where the library lives in storage. */
export const LIBRARY_PREFIX = 'scale/library';

/** A short real H.264 clip (no encoder is needed to seed videos). */
const VIDEO_SOURCE = fileURLToPath(new URL('../../server/test/fixtures/clip.mp4', import.meta.url));
const GIF_FRAMES = 6;
const GIF_SIZE = { width: 400, height: 300 };
const GIF_COUNT = 2;

/** One stored upload, as a media row describes it. */
export interface TLibraryItem {
  kind: TMediaKind;
  mime: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  variants: TMediaVariants;
}

export interface TMediaLibrary {
  images: TLibraryItem[];
  gifs: TLibraryItem[];
  videos: TLibraryItem[];
}

async function storeRenditions(storage: TStorage, key: string, renditions: TRenditionFile[]): Promise<TMediaVariants> {
  const variants: Partial<TMediaVariants> = {};
  for (const rendition of renditions) {
    const fileKey = `${key}/${rendition.storedAs}`;
    const mime = contentTypeOfExtension(rendition.ext) ?? 'application/octet-stream';
    await storage.put(fileKey, { file: rendition.file }, { contentType: mime, cacheControl: IMMUTABLE_CACHE_CONTROL });
    variants[rendition.name] = { url: storage.url(fileKey), width: rendition.width, height: rendition.height, mime } satisfies TMediaRendition;
  }
  if (!variants.full) throw new Error(`${key} has no full rendition`);
  return { ...variants, full: variants.full };
}

/** Runs one source file through the upload pipeline and stores what comes out under `key`. */
async function addToLibrary(storage: TStorage, source: string, key: string, workDir: string): Promise<TLibraryItem> {
  const head = (await readFile(source)).subarray(0, DETECTION_SAMPLE_BYTES);
  const type = await detectMediaType(head);
  if (!type) throw new Error(`${source} is not an accepted media type`);
  const sizeBytes = (await stat(source)).size;
  if (type.kind === 'video') {
    const poster = await makeVideoPoster(source, type, workDir, 'ffmpeg');
    const original: TRenditionFile = { name: 'full', file: source, storedAs: `full.${type.ext}`, ext: type.ext, width: poster?.width ?? null, height: poster?.height ?? null };
    const variants = await storeRenditions(storage, key, poster ? [original, poster.poster] : [original]);
    return { kind: 'video', mime: variants.full.mime, sizeBytes, width: original.width, height: original.height, placeholder: poster?.placeholder ?? null, variants };
  }
  const { renditions, placeholder } = await makeImageVariants(source, type, workDir);
  const variants = await storeRenditions(storage, key, renditions);
  return { kind: type.kind, mime: variants.full.mime, sizeBytes, width: variants.full.width, height: variants.full.height, placeholder, variants };
}

/** A looping GIF: the artwork turning through the colour wheel. */
async function animatedArtwork(artwork: Buffer): Promise<Buffer> {
  const still = await sharp(artwork).resize(GIF_SIZE).toBuffer();
  const frames = await Promise.all(
    Array.from({ length: GIF_FRAMES }, (_, frame) =>
      sharp(still)
        .modulate({ hue: Math.round((frame * 360) / GIF_FRAMES) })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } }).gif({ delay: 160, loop: 0 }).toBuffer();
}

/** Draws `images` artworks (seeded) and stores them, two GIFs and a video as the library. */
export async function writeMediaLibrary(storage: TStorage, options: { images: number; seed: number }): Promise<TMediaLibrary> {
  const workDir = await mkdtemp(join(tmpdir(), 'seed-scale-'));
  try {
    const library: TMediaLibrary = { images: [], gifs: [], videos: [] };
    for (let i = 0; i < options.images; i += 1) {
      const artwork = await drawArtwork(options.seed * 1000 + i);
      const source = join(workDir, `image-${i}.jpg`);
      await writeFile(source, artwork);
      library.images.push(await addToLibrary(storage, source, `${LIBRARY_PREFIX}/image-${i}`, await mkdtemp(join(workDir, 'out-'))));
      if (i < GIF_COUNT) {
        const gif = join(workDir, `gif-${i}.gif`);
        await writeFile(gif, await animatedArtwork(artwork));
        library.gifs.push(await addToLibrary(storage, gif, `${LIBRARY_PREFIX}/gif-${i}`, await mkdtemp(join(workDir, 'out-'))));
      }
    }
    library.videos.push(await addToLibrary(storage, VIDEO_SOURCE, `${LIBRARY_PREFIX}/video-0`, await mkdtemp(join(workDir, 'out-'))));
    return library;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
