// The `parameters` text AUTOMATIC1111 and Forge write into PNGs (and EXIF UserComment of JPEG
// and WebP): prompt lines, then 'Negative prompt: …' lines, then one 'Key: value, …' line.
import { emptyGeneration, toDecimal, toInteger, toSeed, toText, type TGeneration } from './generation-settings';

/** AUTOMATIC1111's own pattern for the settings line: values may be "quoted, with commas". */
const SETTING_PATTERN = /\s*(\w[\w \-/]+):\s*("(?:\\.|[^\\"])+"|[^,]*)(?:,|$)/g;
const NEGATIVE_PREFIX = 'Negative prompt:';

function unquote(value: string): string {
  if (!value.startsWith('"')) return value.trim();
  try {
    return String(JSON.parse(value));
  } catch {
    return value;
  }
}

export function parseSettingsLine(line: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const match of line.matchAll(SETTING_PATTERN)) {
    const [, key, value] = match;
    if (key && value !== undefined) settings.set(key.trim(), unquote(value));
  }
  return settings;
}

/** Does this text look like AUTOMATIC1111 parameters (a settings line with Steps)? */
export function looksLikeA1111(text: string): boolean {
  return /(^|\n)Steps: \d+,/.test(text);
}

export function parseA1111Parameters(text: string): TGeneration {
  const lines = text.replace(/\r\n/g, '\n').trim().split('\n');
  const lastLine = lines.at(-1) ?? '';
  let settings = parseSettingsLine(lastLine);
  // As AUTOMATIC1111 reads it back: the last line holds the settings only if it has at least three.
  if (settings.size >= 3) lines.pop();
  else settings = new Map();

  const promptLines: string[] = [];
  const negativeLines: string[] = [];
  for (const line of lines) {
    if (negativeLines.length === 0 && line.startsWith(NEGATIVE_PREFIX)) negativeLines.push(line.slice(NEGATIVE_PREFIX.length));
    else (negativeLines.length ? negativeLines : promptLines).push(line);
  }

  const sampler = settings.get('Sampler');
  // Newer versions split 'DPM++ 2M Karras' into Sampler and Schedule type.
  const schedule = settings.get('Schedule type');
  const fullSampler = sampler && schedule && schedule !== 'Automatic' && !sampler.endsWith(schedule) ? `${sampler} ${schedule}` : sampler;
  const version = toText(settings.get('Version'));
  return {
    ...emptyGeneration(),
    tool: version && /^f\d/.test(version) ? 'Stable Diffusion (Forge)' : 'Stable Diffusion (AUTOMATIC1111)',
    prompt: toText(promptLines.join('\n')),
    negativePrompt: toText(negativeLines.join('\n')),
    steps: toInteger(settings.get('Steps')),
    sampler: toText(fullSampler),
    cfgScale: toDecimal(settings.get('CFG scale')),
    seed: toSeed(settings.get('Seed')),
    model: toText(settings.get('Model')),
    software: version,
  };
}
