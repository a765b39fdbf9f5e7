// The container walker alone (no ffprobe): what it reads from each fixture, and what it refuses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bufferSource, InvalidContainer, walkVideoContainer, withFileSource } from './container-walker';

const FIXTURES = new URL('../../test/fixtures/', import.meta.url);
const clip = (ext: string) => readFileSync(new URL(`clip.${ext}`, FIXTURES));
const walk = (bytes: Buffer, ext: string) => walkVideoContainer(bufferSource(bytes), ext);

/** A box: 32-bit size, type, content. */
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

describe('the video container walker', () => {
  it.each([
    ['mp4', { container: 'mp4', videoCodec: 'avc1' }],
    ['mov', { container: 'mp4', videoCodec: 'avc1' }],
    ['webm', { container: 'webm', videoCodec: 'V_VP9' }],
    ['avi', { container: 'avi', videoCodec: 'FMP4' }],
  ])('reads the video track, its size and its duration from clip.%s', async (ext, expected) => {
    expect(await walk(clip(ext), ext)).toEqual({ ...expected, durationSeconds: 2, width: 320, height: 240 });
  });

  it('refuses an ftyp box followed by an HTML page (a polyglot)', async () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2', 'latin1'));
    await expect(walk(Buffer.concat([ftyp, Buffer.from('<!DOCTYPE html><script>alert(1)</script>')]), 'mp4')).rejects.toThrow(InvalidContainer);
  });

  it('refuses an MP4 with well-formed boxes but no moov, or a moov without a video track', async () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isom', 'latin1'));
    await expect(walk(Buffer.concat([ftyp, box('mdat', Buffer.alloc(64))]), 'mp4')).rejects.toThrow('no moov box');
    const mvhd = Buffer.alloc(100);
    mvhd.writeUInt32BE(1000, 12);
    mvhd.writeUInt32BE(2000, 16);
    await expect(walk(Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('mdat', Buffer.alloc(64))]), 'mp4')).rejects.toThrow('no video track');
  });

  it.each(['mp4', 'mov', 'webm', 'avi'])('refuses clip.%s cut short in its header, or with its header overwritten', async (ext) => {
    const bytes = clip(ext);
    await expect(walk(bytes.subarray(0, 200), ext)).rejects.toThrow(InvalidContainer);
    const overwritten = Buffer.from(bytes);
    overwritten.fill(0x41, 16, 600);
    await expect(walk(overwritten, ext)).rejects.toThrow(InvalidContainer);
  });

  it('refuses WebM whose only track is audio, and a RIFF file that is not AVI', async () => {
    const webm = clip('webm');
    // TrackType 1 (video) → 2 (audio): the track is there, the video is not.
    const trackType = webm.indexOf(Buffer.from([0x83, 0x81, 0x01]));
    expect(trackType).toBeGreaterThan(0);
    const audioOnly = Buffer.from(webm);
    audioOnly[trackType + 2] = 0x02;
    await expect(walk(audioOnly, 'webm')).rejects.toThrow('no video track');
    const wave = Buffer.from(clip('avi'));
    wave.write('WAVE', 8, 'latin1');
    await expect(walk(wave, 'avi')).rejects.toThrow('not an AVI file');
  });

  it('reads a file through random access only (the same answer from a file on disk)', async () => {
    const path = new URL('clip.webm', FIXTURES).pathname;
    expect(await withFileSource(path, (source) => walkVideoContainer(source, 'webm'))).toMatchObject({ durationSeconds: 2 });
  });
});
