// The real type of an upload, from its first bytes (magic numbers), never from its name or
// declared type — and the accepted types with their size limits, named once.
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../../../shared/constants';
import type { TMediaKind } from '../../../shared/schemas/media';

export interface TMediaType {
  kind: TMediaKind;
  /** Extension the stored file gets. */
  ext: string;
  mime: string;
  maxBytes: number;
}

/** file-type's extension → what we accept it as. Anything not here (SVG, HTML, PDF, …) is refused. */
const ACCEPTED: Record<string, TMediaType> = {
  jpg: { kind: 'image', ext: 'jpg', mime: 'image/jpeg', maxBytes: IMAGE_MAX_BYTES },
  png: { kind: 'image', ext: 'png', mime: 'image/png', maxBytes: IMAGE_MAX_BYTES },
  // An animated PNG is still a PNG: its first frame is used.
  apng: { kind: 'image', ext: 'png', mime: 'image/png', maxBytes: IMAGE_MAX_BYTES },
  webp: { kind: 'image', ext: 'webp', mime: 'image/webp', maxBytes: IMAGE_MAX_BYTES },
  avif: { kind: 'image', ext: 'avif', mime: 'image/avif', maxBytes: IMAGE_MAX_BYTES },
  gif: { kind: 'gif', ext: 'gif', mime: 'image/gif', maxBytes: IMAGE_MAX_BYTES },
  mp4: { kind: 'video', ext: 'mp4', mime: 'video/mp4', maxBytes: VIDEO_MAX_BYTES },
  // Apple's .m4v is MP4 with another brand.
  m4v: { kind: 'video', ext: 'mp4', mime: 'video/mp4', maxBytes: VIDEO_MAX_BYTES },
  webm: { kind: 'video', ext: 'webm', mime: 'video/webm', maxBytes: VIDEO_MAX_BYTES },
  mov: { kind: 'video', ext: 'mov', mime: 'video/quicktime', maxBytes: VIDEO_MAX_BYTES },
  avi: { kind: 'video', ext: 'avi', mime: 'video/x-msvideo', maxBytes: VIDEO_MAX_BYTES },
};

/** The largest file of any accepted type. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(ACCEPTED).map((type) => type.maxBytes));

/** Bytes file-type needs to tell every accepted type apart. */
export const DETECTION_SAMPLE_BYTES = 4100;

/** The accepted type of a file starting with these bytes, or null. */
export async function detectMediaType(head: Uint8Array): Promise<TMediaType | null> {
  const detected = await fileTypeFromBuffer(head);
  return (detected && ACCEPTED[detected.ext]) ?? null;
}

/** Content types of everything stored: uploads and their renditions (webp, avif, jpg, gif) alike. */
const STORED_CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.values(ACCEPTED).map((type) => [type.ext, type.mime]));

export function contentTypeOfExtension(ext: string): string | undefined {
  return STORED_CONTENT_TYPES[ext];
}

export function limitText(maxBytes: number): string {
  return `${Math.round(maxBytes / (1024 * 1024))}MB`;
}
