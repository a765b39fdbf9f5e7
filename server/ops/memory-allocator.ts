// Image processing and glibc: once sharp frees its first large pixel buffer, glibc raises its
// mmap threshold and later buffers pile up in the worker threads' heaps; five 24 MP uploads
// then held 500+ MB. A fixed threshold sends every large buffer back to the kernel when freed
// (284 MB at the peak, about 0.1 CPU-s more per image). glibc reads the variable only when the
// process starts, so it must be in the environment that launches node: the npm scripts set it,
// and so does everything here that spawns a server.
import { setFlagsFromString } from 'node:v8';

export const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/**
 * How far V8 lets its heap grow past what was live at the last full collection before it runs
 * the next one. On a machine with gigabytes free V8 allows up to 4×: under the memory soak's
 * load a live heap of about 95 MB (the read cache at its 64 MB budget included) swelled to
 * 330 MB before each full collection, and RSS swung between 350 and 620 MB. At 1.5× it stays
 * within about 50 MB of the live heap; the extra full collections cost little, since the old
 * generation fills only with what survives the young one (a few MB a second at full load).
 */
export const HEAP_GROWING_PERCENT = 50;

/** Applied at start, before the heap grows: V8 reads the factor at each full collection. */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/** On Linux, says once at start when the server runs without the setting. */
export function warnIfAllocatorUntuned(log: { warn(message: string): void }, env: NodeJS.ProcessEnv = process.env): void {
  if (process.platform !== 'linux' || env.MALLOC_MMAP_THRESHOLD_) return;
  log.warn('MALLOC_MMAP_THRESHOLD_ is not set: image uploads may hold far more memory (start with `npm start`, or see README, Operations)');
}
