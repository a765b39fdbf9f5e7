// Is a C2PA (Content Credentials) manifest embedded? Such manifests live in a JUMBF box whose
// description carries the C2PA manifest-store UUID, which begins with the bytes 'c2pa'. The same
// box sits in a JPEG APP11 segment, a PNG caBX chunk, a WebP C2PA chunk or an MP4 uuid box,
// so one byte search covers every format without parsing any of them.
import { open } from 'node:fs/promises';

const MARKER = Buffer.from('jumdc2pa', 'latin1');
const READ_BYTES = 1024 * 1024;

export async function hasC2paManifest(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(READ_BYTES + MARKER.length);
    let carried = 0;
    let position = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, carried, READ_BYTES, position);
      if (bytesRead === 0) return false;
      const filled = carried + bytesRead;
      if (buffer.subarray(0, filled).includes(MARKER)) return true;
      // Keep the tail, so a marker split across two reads is still found.
      carried = Math.min(MARKER.length - 1, filled);
      buffer.copy(buffer, 0, filled - carried, filled);
      position += bytesRead;
    }
  } finally {
    await file.close();
  }
}
