import type { Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

/** ThumbHash works on at most 100×100 pixels. */
const THUMBHASH_MAX_SIDE = 100;

/** A ThumbHash of the image, base64: a blurred preview the client draws while the image loads. */
export async function thumbhashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize({ width: THUMBHASH_MAX_SIDE, height: THUMBHASH_MAX_SIDE, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
