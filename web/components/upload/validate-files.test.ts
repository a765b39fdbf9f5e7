import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../../../shared/constants';
import { checkFiles } from './validate-files';

/** A File of the given size without allocating it: only `size` is read. */
function fakeFile(name: string, type: string, size: number): File {
  const file = new File([], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('checkFiles', () => {
  it('accepts images, GIFs and videos within their limits', () => {
    const files = [
      fakeFile('a.png', 'image/png', IMAGE_MAX_BYTES),
      fakeFile('b.gif', 'image/gif', 1000),
      fakeFile('c.mp4', 'video/mp4', VIDEO_MAX_BYTES),
    ];
    expect(checkFiles(files)).toEqual({ accepted: files, errors: [] });
  });

  it('refuses anything that is not an image or a video, naming the file', () => {
    const result = checkFiles([fakeFile('notes.pdf', 'application/pdf', 10), fakeFile('unknown', '', 10)]);
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual(['notes.pdf: Only images and videos are supported', 'unknown: Only images and videos are supported']);
  });

  it('refuses images and GIFs over 10MB and videos over 20MB', () => {
    const result = checkFiles([
      fakeFile('big.png', 'image/png', IMAGE_MAX_BYTES + 1),
      fakeFile('big.gif', 'image/gif', IMAGE_MAX_BYTES + 1),
      fakeFile('big.mp4', 'video/mp4', VIDEO_MAX_BYTES + 1),
      fakeFile('ok.mp4', 'video/mp4', IMAGE_MAX_BYTES + 1),
    ]);
    expect(result.errors).toEqual([
      'big.png: File size exceeds 10MB limit',
      'big.gif: File size exceeds 10MB limit',
      'big.mp4: File size exceeds 20MB limit',
    ]);
    expect(result.accepted.map((file) => file.name)).toEqual(['ok.mp4']);
  });
});
