// AI provenance of an upload, read from the file as uploaded (before variants strip every
// tag): generator settings from PNG text chunks, EXIF and XMP, and whether a C2PA manifest
// is embedded. Null when the file says nothing AI-related.
import exifr from 'exifr';
import type { TAiMetadata } from '../../../shared/schemas/media';
import { looksLikeA1111, parseA1111Parameters } from './a1111-parameters';
import { hasC2paManifest } from './c2pa';
import { parseComfyPrompt } from './comfyui-graph';
import type { TMediaType } from './detect-media-type';
import { emptyGeneration, toDecimal, toInteger, toSeed, toText, type TGeneration } from './generation-settings';
import { readPngTextChunks } from './png-text-chunks';
import { readWebpMetadata } from './webp-metadata-chunks';

/** Only the blocks that can carry provenance: no GPS, maker notes, thumbnails or ICC. */
const EXIFR_OPTIONS = {
  tiff: true,
  exif: true,
  xmp: true,
  userComment: true,
  gps: false,
  interop: false,
  ifd1: false,
  iptc: false,
  icc: false,
  jfif: false,
  ihdr: false,
  makerNote: false,
  translateValues: false,
} satisfies Parameters<typeof exifr.parse>[1];

/** Names in Software, CreatorTool or a claim that identify an AI generator. */
const KNOWN_TOOLS: [RegExp, string][] = [
  [/midjourney/i, 'Midjourney'],
  [/dall[-·\s]?e|openai|chatgpt/i, 'DALL-E'],
  [/firefly/i, 'Adobe Firefly'],
  [/novelai/i, 'NovelAI'],
  [/comfyui/i, 'ComfyUI'],
  [/invokeai/i, 'InvokeAI'],
  [/stable diffusion|automatic1111/i, 'Stable Diffusion'],
  [/leonardo/i, 'Leonardo.Ai'],
  [/ideogram/i, 'Ideogram'],
];

/** Midjourney prompts end in parameters like `--ar 3:2 --v 6.1`. */
const MIDJOURNEY_PARAMETER = /\s--(?:v|ar|niji|style|stylize|s|chaos|c|q|seed|weird|tile)\b/;
/** IPTC's digital source types for generated media (trainedAlgorithmicMedia and its composite). */
const AI_SOURCE_TYPE = /trainedAlgorithmicMedia$/i;

type TTags = Record<string, unknown>;

function knownTool(name: string | null): string | null {
  return (name && KNOWN_TOOLS.find(([pattern]) => pattern.test(name))?.[1]) ?? null;
}

/** XMP language alternatives come as `{ lang, value }`, or a list of them. */
function tagText(value: unknown): string | null {
  if (Array.isArray(value)) return tagText(value[0]);
  if (value && typeof value === 'object' && 'value' in value) return tagText((value as { value: unknown }).value);
  return toText(value);
}

/** EXIF UserComment: an 8-byte character code, then the text (A1111 writes UTF-16 there). */
export function decodeUserComment(value: unknown): string | null {
  if (typeof value === 'string') return toText(value);
  if (!(value instanceof Uint8Array) || value.length <= 8) return null;
  const code = Buffer.from(value.subarray(0, 8)).toString('latin1').replace(/\0+$/, '');
  const body = Buffer.from(value.subarray(8));
  if (code !== 'UNICODE') return toText(body.toString('utf8').replace(/\0+$/, ''));
  // UTF-16 without a byte-order mark: text that is mostly ASCII has its zero bytes first in big-endian.
  let zerosFirst = 0;
  let zerosSecond = 0;
  for (let i = 0; i + 1 < body.length; i += 2) {
    if (body[i] === 0) zerosFirst += 1;
    if (body[i + 1] === 0) zerosSecond += 1;
  }
  const littleEndian = zerosSecond > zerosFirst ? body : Buffer.from(body).swap16();
  return toText(littleEndian.subarray(0, littleEndian.length - (littleEndian.length % 2)).toString('utf16le').replace(/\0+$/, ''));
}

async function exifTags(path: string, type: TMediaType): Promise<TTags | null> {
  try {
    if (type.ext !== 'webp') return ((await exifr.parse(path, EXIFR_OPTIONS)) as TTags | undefined) ?? null;
    const { exif, xmp } = await readWebpMetadata(path);
    const fromExif = exif ? ((await exifr.parse(exif, EXIFR_OPTIONS)) as TTags | undefined) : undefined;
    const fromXmp = xmp ? ((await exifr.sidecar(xmp, EXIFR_OPTIONS, 'xmp')) as TTags | undefined) : undefined;
    return fromExif || fromXmp ? { ...fromXmp, ...fromExif } : null;
  } catch {
    // A damaged or unusual metadata block is no reason to refuse the image.
    return null;
  }
}

function fromPngTexts(texts: Map<string, string>): TGeneration | null {
  const parameters = texts.get('parameters');
  if (parameters && !parameters.trimStart().startsWith('{')) return parseA1111Parameters(parameters);
  const graph = texts.get('prompt');
  const comfy = graph ? parseComfyPrompt(graph) : null;
  if (comfy) return comfy;
  if (texts.has('workflow')) return { ...emptyGeneration(), tool: 'ComfyUI' };
  if (knownTool(texts.get('Software') ?? null) === 'NovelAI') return fromNovelAi(texts);
  return null;
}

/** NovelAI: the prompt in Description, the settings as JSON in Comment. */
function fromNovelAi(texts: Map<string, string>): TGeneration {
  let settings: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(texts.get('Comment') ?? '{}');
    if (parsed && typeof parsed === 'object') settings = parsed as Record<string, unknown>;
  } catch {
    settings = {};
  }
  return {
    ...emptyGeneration(),
    tool: 'NovelAI',
    prompt: toText(texts.get('Description')) ?? toText(settings.prompt),
    negativePrompt: toText(settings.uc),
    steps: toInteger(settings.steps),
    sampler: toText(settings.sampler),
    cfgScale: toDecimal(settings.scale),
    seed: toSeed(settings.seed),
    software: toText(texts.get('Software')),
  };
}

function fromExifTags(tags: TTags): TGeneration | null {
  const software = tagText(tags.Software) ?? tagText(tags.CreatorTool);
  const description = tagText(tags.ImageDescription) ?? tagText(tags.description);
  const comment = decodeUserComment(tags.userComment ?? tags.UserComment);

  if (comment && looksLikeA1111(comment)) {
    const parameters = parseA1111Parameters(comment);
    return { ...parameters, software: software ?? parameters.software };
  }
  if (knownTool(software) === 'Midjourney' || (description && MIDJOURNEY_PARAMETER.test(description))) {
    const prompt = description?.replace(/\s*Job ID:\s*[0-9a-f-]+\s*$/i, '') ?? null;
    return { ...emptyGeneration(), tool: 'Midjourney', prompt: toText(prompt), software };
  }
  const tool = knownTool(software);
  if (tool || AI_SOURCE_TYPE.test(tagText(tags.DigitalSourceType) ?? '')) return { ...emptyGeneration(), tool, prompt: description, software };
  return null;
}

export async function readAiMetadata(path: string, type: TMediaType): Promise<TAiMetadata | null> {
  let c2pa = await hasC2paManifest(path);
  let generation: TGeneration | null = null;
  if (type.kind !== 'video') {
    if (type.ext === 'png') {
      const png = await readPngTextChunks(path);
      c2pa ||= png.hasC2paChunk;
      generation = fromPngTexts(png.texts);
    }
    const tags = await exifTags(path, type);
    if (tags) {
      generation ??= fromExifTags(tags);
      if (generation && !generation.software) generation.software = tagText(tags.Software) ?? tagText(tags.CreatorTool);
    }
  }
  if (!generation && !c2pa) return null;
  return { ...(generation ?? emptyGeneration()), c2pa };
}
