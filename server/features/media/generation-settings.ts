// What a generator wrote about how an image was made, before it is merged into TAiMetadata.
import type { TAiMetadata } from '../../../shared/schemas/media';

export type TGeneration = Omit<TAiMetadata, 'c2pa'>;

export function emptyGeneration(): TGeneration {
  return { tool: null, prompt: null, negativePrompt: null, steps: null, sampler: null, cfgScale: null, seed: null, model: null, software: null };
}

export function toInteger(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) ? number : null;
}

export function toDecimal(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
}

/** Seeds can pass 2^53, so they travel as text. */
export function toSeed(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return value.trim();
  return null;
}

export function toText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}
