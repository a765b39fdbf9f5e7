// Media as the API describes it: what an upload answers, and what projects carry.
import { z } from 'zod';
import { MEDIA_KINDS, MEDIA_STATUSES } from '../constants';
import { ZId } from './common';

export type { TMediaKind, TMediaStatus } from '../constants';

const ZDimension = z.number().int().nullable();

/** One stored rendition of a media file. */
export const ZMediaRendition = z.object({
  url: z.string(),
  width: ZDimension,
  height: ZDimension,
  mime: z.string(),
});
export type TMediaRendition = z.output<typeof ZMediaRendition>;

/**
 * Renditions of one upload. Images: `full` is the re-encoded, metadata-free original;
 * card (400 px wide), detail (fit 800×600) and og (1200×630 cover) are sized for their use,
 * in WebP with AVIF beside where it is smaller. Videos: `full` is the H.264 MP4 made from the
 * upload (the file as uploaded when ffmpeg is not installed), `poster` a frame when it is.
 */
export const ZMediaVariants = z.object({
  full: ZMediaRendition,
  card: ZMediaRendition.optional(),
  cardAvif: ZMediaRendition.optional(),
  detail: ZMediaRendition.optional(),
  detailAvif: ZMediaRendition.optional(),
  og: ZMediaRendition.optional(),
  poster: ZMediaRendition.optional(),
});
export type TMediaVariants = z.output<typeof ZMediaVariants>;

/** AI provenance read from the file before its metadata was stripped. */
export const ZAiMetadata = z.object({
  /** 'Stable Diffusion (AUTOMATIC1111)', 'ComfyUI', 'Midjourney', 'DALL-E', … */
  tool: z.string().nullable(),
  prompt: z.string().nullable(),
  negativePrompt: z.string().nullable(),
  steps: z.number().nullable(),
  sampler: z.string().nullable(),
  cfgScale: z.number().nullable(),
  seed: z.string().nullable(),
  model: z.string().nullable(),
  software: z.string().nullable(),
  /** A C2PA (Content Credentials) manifest is embedded. */
  c2pa: z.boolean(),
});
export type TAiMetadata = z.output<typeof ZAiMetadata>;

export const ZMedia = z
  .object({
    id: ZId,
    url: z.string(),
    type: z.enum(MEDIA_KINDS),
    mime: z.string(),
    size: z.number().int(),
    width: ZDimension,
    height: ZDimension,
    /** ThumbHash, base64: a blurred preview drawn before the image arrives. */
    placeholder: z.string().nullable(),
    variants: ZMediaVariants,
    aiMetadata: ZAiMetadata.nullable(),
    /**
     * Videos are 'processing' until transcoded to a browser-ready MP4 at `url` (the poster shows
     * meanwhile), 'failed' when that could not be done; images are always 'ready'.
     */
    status: z.enum(MEDIA_STATUSES),
  })
  .meta({ id: 'Media' });
export type TMedia = z.output<typeof ZMedia>;

/** POST /api/upload answers the URLs in upload order (SPEC §7) and each file's details. */
export const ZUploadResponse = z.object({ urls: z.array(z.string()), files: z.array(ZMedia) });
export type TUploadResponse = z.output<typeof ZUploadResponse>;
