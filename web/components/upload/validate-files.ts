// SPEC §5 file rules, checked before anything is sent: images and videos only, 10MB / 20MB.
// Relative, not @shared: the unit test project resolves no path aliases.
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../../../shared/constants';

const MB = 1024 * 1024;

export interface TFileCheck {
  accepted: File[];
  /** One '{filename}: …' message per refused file, in the order given. */
  errors: string[];
}

function refusal(file: File): string | null {
  const isVideo = file.type.startsWith('video/');
  if (!isVideo && !file.type.startsWith('image/')) return `${file.name}: Only images and videos are supported`;
  // Images and GIFs share the image limit.
  const limit = isVideo ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES;
  if (file.size > limit) return `${file.name}: File size exceeds ${limit / MB}MB limit`;
  return null;
}

export function checkFiles(files: Iterable<File>): TFileCheck {
  const result: TFileCheck = { accepted: [], errors: [] };
  for (const file of files) {
    const error = refusal(file);
    if (error) result.errors.push(error);
    else result.accepted.push(file);
  }
  return result;
}
