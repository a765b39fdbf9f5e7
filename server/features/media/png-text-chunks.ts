// Text chunks of a PNG (tEXt, zTXt, iTXt), where Stable Diffusion UIs and ComfyUI write
// their generation settings, read by walking the chunk headers: pixel data is skipped, not read.
import { open } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Larger text chunks are skipped: ComfyUI workflows are big, but not this big. */
const MAX_TEXT_CHUNK_BYTES = 4 * 1024 * 1024;
/** A compressed chunk may not inflate past this (a zip bomb in a text chunk stays small). */
const MAX_INFLATED_BYTES = 4 * 1024 * 1024;
const MAX_CHUNKS = 10_000;

export interface TPngTextChunks {
  /** keyword → text; the first chunk of a keyword wins. */
  texts: Map<string, string>;
  /** A `caBX` chunk: an embedded C2PA manifest. */
  hasC2paChunk: boolean;
}

function inflateLimited(data: Buffer): Buffer | null {
  try {
    return inflateSync(data, { maxOutputLength: MAX_INFLATED_BYTES });
  } catch {
    return null;
  }
}

/** keyword and text of one text chunk, or null when it is malformed. */
export function parseTextChunk(type: string, data: Buffer): [string, string] | null {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 1 || keywordEnd > 79) return null;
  const keyword = data.toString('latin1', 0, keywordEnd);
  if (type === 'tEXt') return [keyword, data.toString('latin1', keywordEnd + 1)];
  if (type === 'zTXt') {
    const text = data[keywordEnd + 1] === 0 ? inflateLimited(data.subarray(keywordEnd + 2)) : null;
    return text === null ? null : [keyword, text.toString('latin1')];
  }
  // iTXt: keyword, compression flag, method, language tag\0, translated keyword\0, UTF-8 text.
  const compressed = data[keywordEnd + 1] === 1;
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return null;
  const body = data.subarray(translatedEnd + 1);
  const text = compressed ? inflateLimited(body) : body;
  return text === null ? null : [keyword, text.toString('utf8')];
}

export async function readPngTextChunks(path: string): Promise<TPngTextChunks> {
  const result: TPngTextChunks = { texts: new Map(), hasC2paChunk: false };
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(8);
    await file.read(header, 0, 8, 0);
    if (!header.equals(PNG_SIGNATURE)) return result;
    let position = 8;
    for (let count = 0; count < MAX_CHUNKS && position + 8 <= size; count += 1) {
      await file.read(header, 0, 8, position);
      const length = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (type === 'IEND') break;
      if (type === 'caBX') result.hasC2paChunk = true;
      if ((type === 'tEXt' || type === 'zTXt' || type === 'iTXt') && length <= MAX_TEXT_CHUNK_BYTES) {
        const data = Buffer.alloc(length);
        await file.read(data, 0, length, position + 8);
        const entry = parseTextChunk(type, data);
        if (entry && !result.texts.has(entry[0])) result.texts.set(entry[0], entry[1]);
      }
      // length, type, data, CRC
      position += 12 + length;
    }
    return result;
  } finally {
    await file.close();
  }
}
