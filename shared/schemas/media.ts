// Media as the API describes it: what an upload answers, and what projects carry.

export const MEDIA_KINDS = ['image', 'gif', 'video'] as const;
export type TMediaKind = (typeof MEDIA_KINDS)[number];

/** One stored rendition of a media file. */
export interface TMediaRendition {
  url: string;
  width: number | null;
  height: number | null;
  mime: string;
}

/**
 * Renditions of one upload. Images: `full` is the re-encoded, metadata-free original;
 * card (400 px wide), detail (fit 800×600) and og (1200×630 cover) are sized for their use,
 * in WebP with AVIF beside where it is smaller. Videos: `full` is the file as uploaded,
 * `poster` a frame when ffmpeg is installed.
 */
export interface TMediaVariants {
  full: TMediaRendition;
  card?: TMediaRendition;
  cardAvif?: TMediaRendition;
  detail?: TMediaRendition;
  detailAvif?: TMediaRendition;
  og?: TMediaRendition;
  poster?: TMediaRendition;
}

/** AI provenance read from the file before its metadata was stripped. */
export interface TAiMetadata {
  /** 'Stable Diffusion (AUTOMATIC1111)', 'ComfyUI', 'Midjourney', 'DALL-E', … */
  tool: string | null;
  prompt: string | null;
  negativePrompt: string | null;
  steps: number | null;
  sampler: string | null;
  cfgScale: number | null;
  seed: string | null;
  model: string | null;
  software: string | null;
  /** A C2PA (Content Credentials) manifest is embedded. */
  c2pa: boolean;
}

export interface TMedia {
  id: number;
  url: string;
  type: TMediaKind;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  /** ThumbHash, base64: a blurred preview drawn before the image arrives. */
  placeholder: string | null;
  variants: TMediaVariants;
  aiMetadata: TAiMetadata | null;
}

/** POST /api/upload answers the URLs in upload order (SPEC §7) and each file's details. */
export interface TUploadResponse {
  urls: string[];
  files: TMedia[];
}

/** SPEC §3: the client infers a media type from the URL's extension. */
export function mediaKindFromUrl(url: string): TMediaKind {
  const extension = url.split('?')[0]?.split('.').pop()?.toLowerCase() ?? '';
  if (['mp4', 'webm', 'mov', 'avi'].includes(extension)) return 'video';
  if (extension === 'gif') return 'gif';
  return 'image';
}
