// Gzip and Brotli copies of the built client's text assets, written next to them at build time,
// so the server sends compressed JavaScript and CSS (@fastify/static `preCompressed`) without
// compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this, headers outweigh what compression saves. */
const MIN_BYTES = 1024;

/** Writes `<file>.gz` and `<file>.br` for every compressible file under dir; returns how many files. */
export function precompressAssets(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      count += precompressAssets(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    count += 1;
  }
  return count;
}
