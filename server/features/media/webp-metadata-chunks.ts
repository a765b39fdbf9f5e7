// The EXIF and XMP chunks of a WebP (RIFF) file, which exifr does not read itself.
import { open } from 'node:fs/promises';

const MAX_CHUNK_BYTES = 4 * 1024 * 1024;
const MAX_CHUNKS = 1_000;
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

export interface TWebpMetadata {
  /** A TIFF block, as exifr reads it. */
  exif: Buffer | null;
  xmp: Buffer | null;
}

export async function readWebpMetadata(path: string): Promise<TWebpMetadata> {
  const result: TWebpMetadata = { exif: null, xmp: null };
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(12);
    await file.read(header, 0, 12, 0);
    if (header.toString('latin1', 0, 4) !== 'RIFF' || header.toString('latin1', 8, 12) !== 'WEBP') return result;
    let position = 12;
    for (let count = 0; count < MAX_CHUNKS && position + 8 <= size; count += 1) {
      await file.read(header, 0, 8, position);
      const type = header.toString('latin1', 0, 4);
      const length = header.readUInt32LE(4);
      if ((type === 'EXIF' || type === 'XMP ') && length <= MAX_CHUNK_BYTES) {
        const data = Buffer.alloc(length);
        await file.read(data, 0, length, position + 8);
        // Some writers keep JPEG's 'Exif\0\0' prefix in front of the TIFF block.
        if (type === 'EXIF') result.exif = data.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER) ? data.subarray(EXIF_HEADER.length) : data;
        else result.xmp = data;
      }
      // Chunks are padded to an even length.
      position += 8 + length + (length % 2);
    }
    return result;
  } finally {
    await file.close();
  }
}
