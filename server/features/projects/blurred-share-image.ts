// The share image of a mature project: its cover's share still, blurred past recognition, made
// once and stored beside the upload's renditions (it goes with them when the upload is deleted).
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { coverShareImage } from '../../../shared/share-meta';
import { IMMUTABLE_CACHE_CONTROL, inlineDisposition, type TStorage } from '../../adapters/storage/storage';
import type { ProjectMediaRow } from '../../db/schema';
import { toMedia } from './media.presenter';

const BLURRED_FILE = 'og-blurred.jpg';
const SHARE_SIZE = { width: 1200, height: 630 };
/** Strong enough that no shape of the work is recognisable in a link preview. */
const BLUR_SIGMA = 40;
const JPEG_QUALITY = 70;

/** Where the blurred share image of this cover is, made now if it is not yet; null when the cover has no still to blur. */
export async function blurredShareImage(storage: TStorage, cover: ProjectMediaRow): Promise<string | null> {
  const still = coverShareImage([toMedia(cover)]);
  if (!still) return null;
  const key = `${cover.storage_key}/${BLURRED_FILE}`;
  const made = await storage.get(key);
  if (made) {
    made.destroy();
    return storage.url(key);
  }
  const source = await storage.get(`${cover.storage_key}/${still.slice(still.lastIndexOf('/') + 1)}`);
  if (!source) return null;
  const blurred = await sharp(await buffer(source))
    .resize({ ...SHARE_SIZE, fit: 'cover' })
    .blur(BLUR_SIGMA)
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  // Two first shares at once both write the same bytes: harmless.
  await storage.put(key, blurred, { contentType: 'image/jpeg', cacheControl: IMMUTABLE_CACHE_CONTROL, contentDisposition: inlineDisposition(key) });
  return storage.url(key);
}
