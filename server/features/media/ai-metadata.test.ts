import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { parseA1111Parameters } from './a1111-parameters';
import { decodeUserComment, readAiMetadata } from './ai-metadata';
import { parseComfyPrompt } from './comfyui-graph';
import { detectMediaType } from './detect-media-type';

const dir = mkdtempSync(join(tmpdir(), 'ai-metadata-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const blank = (format: 'png' | 'jpeg' | 'webp') => sharp({ create: { width: 32, height: 24, channels: 3, background: '#406080' } })[format]();

async function metadataOf(name: string, content: Buffer) {
  const path = join(dir, name);
  writeFileSync(path, content);
  const type = await detectMediaType(content.subarray(0, 4100));
  if (!type) throw new Error(`${name} is not an accepted type`);
  return readAiMetadata(path, type);
}

/** A PNG with one more chunk just before IEND. */
function withPngChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const iend = png.length - 12;
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

describe('AUTOMATIC1111 parameters', () => {
  it('reads a multi-line prompt, quoted values with commas and the newer split scheduler', () => {
    const text = [
      'a lighthouse,',
      'in fog',
      'Negative prompt: blurry,',
      'lowres',
      'Steps: 25, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 6.5, Seed: 9876543210123, Size: 1024x1024, Model: juggernautXL, Lora hashes: "a: 1, b: 2", Version: f2.0.1v1.10.1',
    ].join('\n');
    expect(parseA1111Parameters(text)).toEqual({
      tool: 'Stable Diffusion (Forge)',
      prompt: 'a lighthouse,\nin fog',
      negativePrompt: 'blurry,\nlowres',
      steps: 25,
      sampler: 'DPM++ 2M Karras',
      cfgScale: 6.5,
      seed: '9876543210123',
      model: 'juggernautXL',
      software: 'f2.0.1v1.10.1',
    });
  });

  it('keeps a text without a settings line as the prompt', () => {
    expect(parseA1111Parameters('just a prompt')).toMatchObject({ prompt: 'just a prompt', steps: null, seed: null });
  });

  it('reads parameters from compressed iTXt and zTXt chunks', async () => {
    const text = 'a koi\nSteps: 12, Sampler: Euler a, CFG scale: 4, Seed: 7, Model: dreamshaper';
    const itxt = Buffer.concat([Buffer.from('parameters\0\x01\0\0\0', 'latin1'), deflateSync(Buffer.from(text, 'utf8'))]);
    const ztxt = Buffer.concat([Buffer.from('parameters\0\0', 'latin1'), deflateSync(Buffer.from(text, 'latin1'))]);
    for (const [type, data] of [['iTXt', itxt], ['zTXt', ztxt]] as const) {
      const png = withPngChunk(await blank('png').toBuffer(), type, data);
      expect(await metadataOf(`${type}.png`, png)).toMatchObject({ prompt: 'a koi', steps: 12, sampler: 'Euler a', seed: '7', model: 'dreamshaper', c2pa: false });
    }
  });

  it('reads parameters that AUTOMATIC1111 wrote into a JPEG EXIF UserComment', async () => {
    const text = 'a castle\nNegative prompt: ugly\nSteps: 20, Sampler: Euler a, CFG scale: 5, Seed: 99, Model: dreamshaper';
    const jpeg = await blank('jpeg').withExif({ IFD2: { UserComment: text } }).toBuffer();
    expect(await metadataOf('a1111.jpg', jpeg)).toMatchObject({ prompt: 'a castle', negativePrompt: 'ugly', steps: 20, seed: '99', model: 'dreamshaper' });
  });

  it('decodes UTF-16 UserComments in either byte order', () => {
    const prefix = Buffer.from('UNICODE\0', 'latin1');
    const littleEndian = Buffer.from('Steps: 20, café', 'utf16le');
    const bigEndian = Buffer.from(littleEndian).swap16();
    expect(decodeUserComment(new Uint8Array(Buffer.concat([prefix, bigEndian])))).toBe('Steps: 20, café');
    expect(decodeUserComment(new Uint8Array(Buffer.concat([prefix, littleEndian])))).toBe('Steps: 20, café');
  });
});

describe('ComfyUI graphs', () => {
  it('follows links through primitives and LoRA loaders to the prompts, seed and checkpoint', () => {
    const graph = {
      '10': { class_type: 'KSamplerAdvanced', inputs: { noise_seed: ['20', 0], steps: 28, cfg: 5.5, sampler_name: 'dpmpp_2m', model: ['30', 0], positive: ['40', 0], negative: ['41', 0] } },
      '20': { class_type: 'PrimitiveNode', inputs: { value: 123456789 } },
      '30': { class_type: 'LoraLoader', inputs: { model: ['31', 0], lora_name: 'detail.safetensors' } },
      '31': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'flux1-dev.safetensors' } },
      '40': { class_type: 'CLIPTextEncode', inputs: { text: ['50', 0] } },
      '41': { class_type: 'CLIPTextEncodeSDXL', inputs: { text_g: 'noise', text_l: 'noise' } },
      '50': { class_type: 'String Literal', inputs: { string: 'an origami fox' } },
      '60': { class_type: 'KSampler', inputs: { seed: 1, steps: 5, cfg: 1, sampler_name: 'euler', model: ['31', 0], positive: ['40', 0], negative: ['41', 0] } },
    };
    expect(parseComfyPrompt(JSON.stringify(graph))).toEqual({
      tool: 'ComfyUI',
      prompt: 'an origami fox',
      negativePrompt: 'noise',
      steps: 28,
      sampler: 'dpmpp_2m',
      cfgScale: 5.5,
      seed: '123456789',
      model: 'flux1-dev.safetensors',
      software: null,
    });
  });

  it('ignores a prompt chunk that is not a graph', () => {
    expect(parseComfyPrompt('a plain sentence')).toBeNull();
    expect(parseComfyPrompt('[1, 2]')).toBeNull();
  });
});

describe('provenance in EXIF, XMP and C2PA', () => {
  it('finds nothing AI-related in an ordinary photo', async () => {
    const photo = await blank('jpeg').withExif({ IFD0: { Make: 'Canon', Model: 'EOS R5', Software: 'Adobe Lightroom' } }).toBuffer();
    expect(await metadataOf('photo.jpg', photo)).toBeNull();
  });

  it('reads a Midjourney prompt from a WebP', async () => {
    const webp = await blank('webp')
      .withExif({ IFD0: { ImageDescription: 'a red fox in snow --ar 16:9 --v 6 Job ID: 0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b', Software: 'Midjourney' } })
      .toBuffer();
    expect(await metadataOf('mj.webp', webp)).toMatchObject({ tool: 'Midjourney', prompt: 'a red fox in snow --ar 16:9 --v 6', software: 'Midjourney' });
  });

  it('recognises an image that XMP declares as made by a trained algorithm', async () => {
    const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" Iptc4xmpExt:DigitalSourceType="http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia" xmp:CreatorTool="Adobe Firefly"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
    const jpeg = await blank('jpeg').withXmp(xmp).toBuffer();
    expect(await metadataOf('firefly.jpg', jpeg)).toMatchObject({ tool: 'Adobe Firefly', software: 'Adobe Firefly', c2pa: false });
  });

  it('notes an embedded C2PA manifest', async () => {
    const jpeg = await blank('jpeg').toBuffer();
    // A JPEG APP11 segment holding the start of a JUMBF box labelled with the C2PA manifest-store UUID.
    const box = (type: string, body: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, 8 + body.length]), Buffer.from(type, 'latin1'), body]);
    const manifestStoreUuid = Buffer.from('6332706100110010800000aa00389b71', 'hex');
    const description = box('jumd', Buffer.concat([manifestStoreUuid, Buffer.from([3]), Buffer.from('c2pa\0', 'latin1')]));
    const jumbf = Buffer.concat([Buffer.from('JP\0\x01\0\0\0\x01', 'latin1'), box('jumb', description)]);
    const segment = Buffer.alloc(4);
    segment.writeUInt16BE(0xffeb, 0);
    segment.writeUInt16BE(jumbf.length + 2, 2);
    const signed = Buffer.concat([jpeg.subarray(0, 2), segment, jumbf, jpeg.subarray(2)]);
    expect(await metadataOf('signed.jpg', signed)).toEqual({
      tool: null,
      prompt: null,
      negativePrompt: null,
      steps: null,
      sampler: null,
      cfgScale: null,
      seed: null,
      model: null,
      software: null,
      c2pa: true,
    });
  });
});
