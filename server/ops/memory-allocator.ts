// Image processing and glibc: once sharp frees its first large pixel buffer, glibc raises its
// mmap threshold and later buffers pile up in the worker threads' heaps; five 24 MP uploads
// then held 500+ MB. A fixed threshold sends every large buffer back to the kernel when freed
// (284 MB at the peak, about 0.1 CPU-s more per image). glibc reads the variable only when the
// process starts, so it must be in the environment that launches node: the npm scripts set it,
// and so does everything here that spawns a server.

export const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/** On Linux, says once at start when the server runs without the setting. */
export function warnIfAllocatorUntuned(log: { warn(message: string): void }, env: NodeJS.ProcessEnv = process.env): void {
  if (process.platform !== 'linux' || env.MALLOC_MMAP_THRESHOLD_) return;
  log.warn('MALLOC_MMAP_THRESHOLD_ is not set: image uploads may hold far more memory (start with `npm start`, or see README, Operations)');
}
