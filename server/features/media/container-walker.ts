// What a video file holds, read from its container structure alone: used when ffprobe is not
// installed. MP4 and QuickTime (ISO BMFF boxes: a `moov` with a video `trak`), WebM and
// Matroska (an EBML header, a Segment with Info and a video TrackEntry) and AVI (RIFF 'AVI '
// with a `vids` stream header). Every length is checked against its parent and the file, so a
// file that starts like a video and goes on as something else (an `ftyp` box followed by an
// HTML page) is refused rather than half read. Only headers are read, never the frames.
import { open } from 'node:fs/promises';

export interface TContainerInfo {
  container: 'mp4' | 'webm' | 'avi';
  /** The video track's codec as the container names it ('avc1', 'V_VP9', 'XVID', …). */
  videoCodec: string;
  durationSeconds: number;
  width: number | null;
  height: number | null;
}

/** The file is not a well-formed container of its type, or holds no usable video track. */
export class InvalidContainer extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidContainer';
  }
}

/** Random access to the file's bytes: headers are read where they are, nothing else. */
export interface TByteSource {
  size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Buffer>;
}

export function bufferSource(buffer: Buffer): TByteSource {
  return { size: buffer.length, read: async (offset, length) => buffer.subarray(offset, Math.min(buffer.length, offset + length)) };
}

/** Header structures read whole (a `moov`, a Matroska Tracks element): far more than any real one needs. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

/** Video codecs that browsers or ffmpeg decode, by their MP4/QuickTime sample entry name. */
const ISO_VIDEO_CODECS = new Set(['avc1', 'avc3', 'hvc1', 'hev1', 'av01', 'vp08', 'vp09', 'mp4v']);
/** …and by their Matroska CodecID. */
const MATROSKA_VIDEO_CODECS = /^V_(VP8|VP9|AV1|MPEG4\/ISO\/(AVC|ASP|SP|AP)|MPEGH\/ISO\/HEVC|THEORA)$/;

export async function withFileSource<T>(path: string, work: (source: TByteSource) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await work({
      size,
      async read(offset, length) {
        const wanted = Math.max(0, Math.min(length, size - offset));
        const buffer = Buffer.alloc(wanted);
        const { bytesRead } = await handle.read(buffer, 0, wanted, offset);
        return buffer.subarray(0, bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}

/** Reads the container of a file already known (by its magic bytes) to be MP4/MOV, WebM or AVI. */
export function walkVideoContainer(source: TByteSource, ext: string): Promise<TContainerInfo> {
  if (ext === 'mp4' || ext === 'mov') return walkIsoBmff(source);
  if (ext === 'webm') return walkMatroska(source);
  if (ext === 'avi') return walkAvi(source);
  return Promise.reject(new InvalidContainer(`no walker for .${ext}`));
}

async function readExactly(source: TByteSource, offset: number, length: number, what: string): Promise<Buffer> {
  if (length > MAX_HEADER_BYTES) throw new InvalidContainer(`${what} is implausibly large`);
  const bytes = await source.read(offset, length);
  if (bytes.length !== length) throw new InvalidContainer(`${what} ends early`);
  return bytes;
}

// ---------------------------------------------------------------- MP4 / QuickTime (ISO BMFF)

interface TBox {
  type: string;
  /** Where the box's content starts and ends (after its header). */
  start: number;
  end: number;
}

const BOX_TYPE = /^[\x20-\x7e]{4}$/;

/** The boxes laid end to end in [start, end), each checked to lie inside it. */
async function boxesIn(read: (offset: number, length: number) => Promise<Buffer>, start: number, end: number): Promise<TBox[]> {
  const boxes: TBox[] = [];
  let offset = start;
  while (offset < end) {
    if (end - offset < 8) throw new InvalidContainer('a box header is cut off');
    const header = await read(offset, Math.min(16, end - offset));
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (!BOX_TYPE.test(type)) throw new InvalidContainer('a box has no valid type');
    let headerBytes = 8;
    if (size === 1) {
      if (header.length < 16) throw new InvalidContainer('a large box header is cut off');
      size = Number(header.readBigUInt64BE(8));
      headerBytes = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < headerBytes || offset + size > end) throw new InvalidContainer(`the ${type} box runs past its container`);
    boxes.push({ type, start: offset + headerBytes, end: offset + size });
    offset += size;
  }
  return boxes;
}

function childBoxes(buffer: Buffer, box: TBox, base: number): Promise<TBox[]> {
  return boxesIn(async (offset, length) => buffer.subarray(offset - base, offset - base + length), box.start, box.end);
}

async function walkIsoBmff(source: TByteSource): Promise<TContainerInfo> {
  const top = await boxesIn((offset, length) => source.read(offset, length), 0, source.size);
  const moov = top.find((box) => box.type === 'moov');
  if (!moov) throw new InvalidContainer('no moov box');
  if (!top.some((box) => box.type === 'mdat' || box.type === 'moof')) throw new InvalidContainer('no media data');
  const base = moov.start;
  const bytes = await readExactly(source, moov.start, moov.end - moov.start, 'the moov box');
  const at = (box: TBox) => bytes.subarray(box.start - base, box.end - base);
  const find = async (parent: TBox, type: string) => (await childBoxes(bytes, parent, base)).find((box) => box.type === type);

  const moovChildren = await childBoxes(bytes, moov, base);
  const fragmented = moovChildren.some((box) => box.type === 'mvex');
  const mvhd = moovChildren.find((box) => box.type === 'mvhd');
  let durationSeconds = mvhd ? headerDuration(at(mvhd)) : 0;

  for (const trak of moovChildren.filter((box) => box.type === 'trak')) {
    const mdia = await find(trak, 'mdia');
    const hdlr = mdia && (await find(mdia, 'hdlr'));
    if (!mdia || !hdlr || at(hdlr).toString('latin1', 8, 12) !== 'vide') continue;
    const mdhd = await find(mdia, 'mdhd');
    if (mdhd) durationSeconds = Math.max(durationSeconds, headerDuration(at(mdhd)));
    const minf = await find(mdia, 'minf');
    const stbl = minf && (await find(minf, 'stbl'));
    const stsd = stbl && (await find(stbl, 'stsd'));
    if (!stbl || !stsd) continue;
    const description = at(stsd);
    // version/flags, entry count, then the first sample entry: size, format, 6 reserved, data
    // reference index, 16 pre-defined/reserved, width and height.
    if (description.length < 16 || description.readUInt32BE(4) < 1) continue;
    const codec = description.toString('latin1', 12, 16);
    if (!ISO_VIDEO_CODECS.has(codec)) continue;
    const stsz = await find(stbl, 'stsz');
    const samples = stsz && at(stsz).length >= 12 ? at(stsz).readUInt32BE(8) : 0;
    if (samples === 0 && !fragmented) continue;
    const width = description.length >= 44 ? description.readUInt16BE(40) : 0;
    const height = description.length >= 44 ? description.readUInt16BE(42) : 0;
    if (!(durationSeconds > 0)) throw new InvalidContainer('the duration is unknown');
    return { container: 'mp4', videoCodec: codec, durationSeconds, width: width || null, height: height || null };
  }
  throw new InvalidContainer('no video track');
}

/** Duration in seconds from an mvhd or mdhd box's content (version 0 or 1). */
function headerDuration(content: Buffer): number {
  const version = content[0];
  if (version === 1 && content.length >= 32) {
    const timescale = content.readUInt32BE(20);
    return timescale ? Number(content.readBigUInt64BE(24)) / timescale : 0;
  }
  if (content.length >= 20) {
    const timescale = content.readUInt32BE(12);
    return timescale ? content.readUInt32BE(16) / timescale : 0;
  }
  return 0;
}

// ---------------------------------------------------------------- WebM / Matroska (EBML)

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMESTAMP = 0xe7;
const VIDEO_TRACK_TYPE = 1;
const DEFAULT_TIMESTAMP_SCALE = 1_000_000;
/** Level-1 elements: an unknown-sized Cluster ends where one of these begins. */
const SEGMENT_CHILDREN = new Set([0x114d9b74, INFO, TRACKS, CLUSTER, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367]);

interface TElement {
  id: number;
  start: number;
  /** null: unknown size (live streams), running to the end of its parent. */
  end: number | null;
}

/** A variable-length integer; `keepMarker` for IDs. */
function vint(bytes: Buffer, offset: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = bytes[offset + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

async function elementAt(source: TByteSource, offset: number, parentEnd: number): Promise<TElement> {
  const header = await source.read(offset, 12);
  const id = vint(header, 0, true);
  if (!id || id.length > 4) throw new InvalidContainer('an element has no valid id');
  const size = vint(header, id.length, false);
  if (!size) throw new InvalidContainer('an element has no valid size');
  const start = offset + id.length + size.length;
  if (size.unknown) return { id: id.value, start, end: null };
  const end = start + size.value;
  if (end > parentEnd) throw new InvalidContainer('an element runs past its parent');
  return { id: id.value, start, end };
}

/** The children of an element read whole into memory. */
async function elementsIn(bytes: Buffer, base: number): Promise<{ id: number; data: Buffer }[]> {
  const source = bufferSource(bytes);
  const children: { id: number; data: Buffer }[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const element = await elementAt(source, offset, bytes.length);
    if (element.end === null) throw new InvalidContainer(`element ${element.id.toString(16)} at ${base + offset} has an unknown size`);
    children.push({ id: element.id, data: bytes.subarray(element.start, element.end) });
    offset = element.end;
  }
  return children;
}

function uint(data: Buffer): number {
  let value = 0;
  for (const byte of data) value = value * 256 + byte;
  return value;
}

function float(data: Buffer): number {
  if (data.length === 4) return data.readFloatBE(0);
  if (data.length === 8) return data.readDoubleBE(0);
  return Number.NaN;
}

async function walkMatroska(source: TByteSource): Promise<TContainerInfo> {
  const header = await elementAt(source, 0, source.size);
  if (header.id !== EBML_HEADER || header.end === null) throw new InvalidContainer('no EBML header');
  const docType = (await elementsIn(await readExactly(source, header.start, header.end - header.start, 'the EBML header'), header.start)).find((e) => e.id === DOC_TYPE);
  const docTypeName = docType?.data.toString('latin1').replace(/\0+$/, '');
  if (docTypeName !== 'webm' && docTypeName !== 'matroska') throw new InvalidContainer('not a WebM or Matroska file');

  const segment = await elementAt(source, header.end, source.size);
  if (segment.id !== SEGMENT) throw new InvalidContainer('no Segment');
  const segmentEnd = segment.end ?? source.size;

  let scale = DEFAULT_TIMESTAMP_SCALE;
  let duration: number | null = null;
  let lastClusterTimestamp: number | null = null;
  let video: { codec: string; width: number | null; height: number | null } | null = null;
  let sawTracks = false;
  let offset = segment.start;
  while (offset < segmentEnd) {
    const element = await elementAt(source, offset, segmentEnd);
    if (element.id === CLUSTER) {
      if (video && duration !== null) break;
      const cluster = await walkCluster(source, element, segmentEnd);
      if (cluster.timestamp !== null) lastClusterTimestamp = cluster.timestamp;
      offset = cluster.end;
      continue;
    }
    if (element.end === null) throw new InvalidContainer('a header element has an unknown size');
    if (element.id === INFO || element.id === TRACKS) {
      const children = await elementsIn(await readExactly(source, element.start, element.end - element.start, 'a header element'), element.start);
      if (element.id === INFO) {
        const scaleElement = children.find((e) => e.id === TIMESTAMP_SCALE);
        if (scaleElement) scale = uint(scaleElement.data) || DEFAULT_TIMESTAMP_SCALE;
        const durationElement = children.find((e) => e.id === DURATION);
        if (durationElement) duration = float(durationElement.data);
      } else {
        sawTracks = true;
        video ??= await videoTrackOf(children);
      }
    }
    offset = element.end;
  }
  if (!sawTracks || !video) throw new InvalidContainer('no video track');
  const ticks = duration ?? lastClusterTimestamp;
  if (ticks === null || !Number.isFinite(ticks) || ticks <= 0) throw new InvalidContainer('the duration is unknown');
  return { container: 'webm', videoCodec: video.codec, durationSeconds: (ticks * scale) / 1e9, width: video.width, height: video.height };
}

async function videoTrackOf(tracks: { id: number; data: Buffer }[]): Promise<{ codec: string; width: number | null; height: number | null } | null> {
  for (const entry of tracks.filter((e) => e.id === TRACK_ENTRY)) {
    const fields = await elementsIn(entry.data, 0);
    const type = fields.find((e) => e.id === TRACK_TYPE);
    const codec = fields.find((e) => e.id === CODEC_ID)?.data.toString('latin1').replace(/\0+$/, '');
    if (!type || uint(type.data) !== VIDEO_TRACK_TYPE || !codec || !MATROSKA_VIDEO_CODECS.test(codec)) continue;
    const videoElement = fields.find((e) => e.id === VIDEO);
    const settings = videoElement ? await elementsIn(videoElement.data, 0) : [];
    const width = settings.find((e) => e.id === PIXEL_WIDTH);
    const height = settings.find((e) => e.id === PIXEL_HEIGHT);
    return { codec, width: width ? uint(width.data) : null, height: height ? uint(height.data) : null };
  }
  return null;
}

/** A Cluster's timestamp and where it ends (for an unknown size: where the next level-1 element starts). */
async function walkCluster(source: TByteSource, cluster: TElement, segmentEnd: number): Promise<{ timestamp: number | null; end: number }> {
  const end = cluster.end ?? segmentEnd;
  let timestamp: number | null = null;
  let offset = cluster.start;
  while (offset < end) {
    const child = await elementAt(source, offset, end);
    if (cluster.end === null && SEGMENT_CHILDREN.has(child.id)) return { timestamp, end: offset };
    if (child.end === null) throw new InvalidContainer('a block has an unknown size');
    if (child.id === CLUSTER_TIMESTAMP) {
      timestamp = uint(await readExactly(source, child.start, child.end - child.start, 'a cluster timestamp'));
      if (cluster.end !== null) return { timestamp, end };
    }
    offset = child.end;
  }
  return { timestamp, end };
}

// ---------------------------------------------------------------- AVI (RIFF)

interface TChunk {
  id: string;
  /** For LIST and RIFF: the list type. */
  listType: string | null;
  start: number;
  end: number;
}

async function chunksIn(read: (offset: number, length: number) => Promise<Buffer>, start: number, end: number): Promise<TChunk[]> {
  const chunks: TChunk[] = [];
  let offset = start;
  // A trailing pad byte, or an index some writers leave truncated, ends the walk.
  while (end - offset >= 8) {
    const header = await read(offset, 12);
    const id = header.toString('latin1', 0, 4);
    if (!BOX_TYPE.test(id)) throw new InvalidContainer('a chunk has no valid id');
    const size = header.readUInt32LE(4);
    const isList = id === 'LIST' || id === 'RIFF';
    if (offset + 8 + size > end) throw new InvalidContainer(`the ${id} chunk runs past its container`);
    chunks.push({ id, listType: isList && header.length >= 12 ? header.toString('latin1', 8, 12) : null, start: offset + 8 + (isList ? 4 : 0), end: offset + 8 + size });
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

async function walkAvi(source: TByteSource): Promise<TContainerInfo> {
  const head = await source.read(0, 12);
  if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'AVI ') throw new InvalidContainer('not an AVI file');
  // Writers are known to record a RIFF size a little off at the end: the file's own size bounds it.
  const riffEnd = Math.min(source.size, 8 + head.readUInt32LE(4));
  const top = await chunksIn((offset, length) => source.read(offset, length), 12, riffEnd);
  const hdrl = top.find((chunk) => chunk.listType === 'hdrl');
  if (!hdrl) throw new InvalidContainer('no AVI header list');
  if (!top.some((chunk) => chunk.listType === 'movi')) throw new InvalidContainer('no media data');
  const bytes = await readExactly(source, hdrl.start, hdrl.end - hdrl.start, 'the AVI header list');
  const within = (start: number, end: number) => chunksIn(async (offset, length) => bytes.subarray(offset - hdrl.start, offset - hdrl.start + length), start, end);
  const at = (chunk: TChunk) => bytes.subarray(chunk.start - hdrl.start, chunk.end - hdrl.start);

  for (const strl of (await within(hdrl.start, hdrl.end)).filter((chunk) => chunk.listType === 'strl')) {
    const parts = await within(strl.start, strl.end);
    const strh = parts.find((chunk) => chunk.id === 'strh');
    const strf = parts.find((chunk) => chunk.id === 'strf');
    if (!strh || !strf) continue;
    const header = at(strh);
    if (header.length < 36 || header.toString('latin1', 0, 4) !== 'vids') continue;
    const format = at(strf);
    if (format.length < 20) continue;
    const scale = header.readUInt32LE(20);
    const rate = header.readUInt32LE(24);
    const length = header.readUInt32LE(32);
    if (!scale || !rate || !length) throw new InvalidContainer('the duration is unknown');
    const width = format.readInt32LE(4);
    const height = Math.abs(format.readInt32LE(8));
    const codec = format.toString('latin1', 16, 20);
    if (width <= 0 || height <= 0 || !BOX_TYPE.test(codec)) continue;
    return { container: 'avi', videoCodec: codec, durationSeconds: (length * scale) / rate, width, height };
  }
  throw new InvalidContainer('no video stream');
}
