import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';

describe('local storage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'local-storage-'));
  const storage = createLocalStorage(join(dir, 'media'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores bytes, streams and files under their key, reads them back and deletes them', async () => {
    const source = join(dir, 'source.bin');
    writeFileSync(source, 'from a file');
    await storage.put('2026/01/abc/full.webp', Buffer.from('bytes'), { contentType: 'image/webp' });
    await storage.put('2026/01/abc/card.webp', Readable.from([Buffer.from('a stream')]), { contentType: 'image/webp' });
    await storage.put('2026/01/abc/full.mp4', { file: source }, { contentType: 'video/mp4' });
    await storage.put('2026/01/abcd/full.webp', Buffer.from('neighbour'), { contentType: 'image/webp' });

    expect(storage.url('2026/01/abc/full.webp')).toBe('/media/2026/01/abc/full.webp');
    expect((await buffer((await storage.get('2026/01/abc/card.webp'))!)).toString()).toBe('a stream');
    expect((await buffer((await storage.get('2026/01/abc/full.mp4'))!)).toString()).toBe('from a file');
    // Written beside and renamed into place: no partial files remain.
    expect(readdirSync(join(dir, 'media/2026/01/abc')).sort()).toEqual(['card.webp', 'full.mp4', 'full.webp']);

    await storage.delete('2026/01/abc/full.mp4');
    expect(await storage.get('2026/01/abc/full.mp4')).toBeNull();
    await storage.deletePrefix('2026/01/abc');
    expect(await storage.get('2026/01/abc/full.webp')).toBeNull();
    expect((await buffer((await storage.get('2026/01/abcd/full.webp'))!)).toString()).toBe('neighbour');
  });

  it('refuses keys that could leave the folder', async () => {
    await expect(storage.put('../app.db', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/unsafe storage key/);
    await expect(storage.deletePrefix('2026/..')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/unsafe storage key/);
  });
});
