// Upload bench: a 24-megapixel JPEG and a 20 MB video through POST /api/upload, one alone and
// five at once, timed per file, with the server's resident memory sampled meanwhile.
// `npx tsx bench/upload-bench.ts [--rounds n] [--fixtures dir]` starts its own production
// server on a throwaway data folder; `npm run bench` calls runUploadBench on its own server.
import { execFile } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../shared/constants';
import type { TUploadResponse } from '../shared/schemas/media';
import { apiClient } from '../e2e/api-client';
import { freePort } from '../server/test/free-port';
import { ROOT, SERVER_START, spawnAndWait, type TChild } from './processes';
import { ALLOCATOR_ENV } from '../server/ops/memory-allocator';

const run = promisify(execFile);

/** Files uploaded together in the parallel rounds. */
export const PARALLEL_UPLOADS = 5;
/** Budgets on two cores: one 24 MP JPEG processed in 1.5 s; five at once within 350 MB resident. */
export const UPLOAD_BUDGETS = { singleJpegSeconds: 1.5, peakRssMb: 350 };
const RSS_SAMPLE_MS = 20;
const PHOTO = { width: 6000, height: 4000, quality: 90, orientation: 6 };
const VIDEO = { width: 1280, height: 720, fps: 30, seconds: 20 };
/** Just under the upload limit: the bench measures the largest video a member may send. */
const VIDEO_TARGET_BYTES = VIDEO_MAX_BYTES - 1024 * 1024;

export interface TUploadRow {
  name: string;
  /** Files uploaded at the same time, one request each. */
  files: number;
  /** Wall time from sending a file's request to its answer, with the others in flight. */
  secondsPerFile: { mean: number; max: number };
  /** The largest VmRSS sampled every 20 ms while the round ran. */
  peakRssMb: number;
  /** VmHWM after the round: the largest resident size in the server's whole life so far. */
  processPeakRssMb: number;
  /** The server's CPU time (all its threads) over the round, per file: unlike seconds, not inflated by other load on the machine. */
  serverCpuSecondsPerFile: number;
}

export interface TUploadBenchOptions {
  baseUrl: string;
  /** The Cookie header of a signed-in member: `sid=…`. */
  cookie: string;
  /** Sent as Origin: the server refuses state-changing requests from other sites. */
  origin: string;
  /** The app's processes (several with WEB_CONCURRENCY): CPU is their sum, memory the largest one's. */
  serverPids: readonly number[];
  /** Times each round runs (default 1): seconds are averaged over all, memory is the highest. */
  rounds?: number;
  /** A folder to keep the generated fixtures in between runs; default: a temporary one, removed after. */
  fixturesDir?: string;
  log?: (line: string) => void;
}

interface TFixtures {
  photo: string;
  /** Null, with the reason, when ffmpeg cannot make the video. */
  video: { path: string } | { skipped: string };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * A photo-like 6000×4000 JPEG: smooth colour fields with fine grain, which JPEG compresses as
 * it does a camera's picture (flat noise would be far larger, flat colour far smaller). It is
 * stored sideways with EXIF orientation 6, as phones do, so the server has to turn it upright.
 */
async function makePhoto(path: string): Promise<void> {
  const { width, height } = PHOTO;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 0x2545f491;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // xorshift32: a fixed grain, so every run uploads the same bytes.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const grain = ((seed >>> 24) & 0x1f) - 16;
      const offset = (y * width + x) * 3;
      pixels[offset] = clampByte(128 + 90 * Math.sin(x / 500 + y / 900) + grain);
      pixels[offset + 1] = clampByte(120 + 80 * Math.sin(y / 350 - x / 1300) + grain);
      pixels[offset + 2] = clampByte(110 + 70 * Math.cos((x + y) / 700) + grain);
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: PHOTO.quality })
    .withMetadata({ orientation: PHOTO.orientation })
    .toFile(path);
  const { size } = await stat(path);
  if (size > IMAGE_MAX_BYTES) throw new Error(`the generated photo is ${size} bytes, over the ${IMAGE_MAX_BYTES}-byte upload limit`);
}

function clampByte(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

/** An H.264 MP4 of moving test patterns with grain, at the bitrate that fills the size limit. */
async function makeVideo(path: string): Promise<TFixtures['video']> {
  const { width, height, fps, seconds } = VIDEO;
  const bitsPerSecond = Math.floor((VIDEO_TARGET_BYTES * 8) / seconds);
  try {
    await run(
      'ffmpeg',
      [
        ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`, '-t', String(seconds)],
        ...['-vf', 'noise=alls=12:allf=t', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
        ...['-b:v', String(bitsPerSecond), '-maxrate', String(bitsPerSecond), '-bufsize', String(bitsPerSecond * 2)],
        // A hard stop under the limit, whatever the encoder's rate control does.
        ...['-fs', String(VIDEO_TARGET_BYTES), '-movflags', '+faststart', path],
      ],
      { timeout: 300_000 },
    );
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { skipped: missing ? 'ffmpeg is not installed' : `ffmpeg failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { path };
}

async function prepareFixtures(dir: string, log: (line: string) => void): Promise<TFixtures> {
  await mkdir(dir, { recursive: true });
  const photo = join(dir, 'photo-24mp.jpg');
  const video = join(dir, 'video-20mb.mp4');
  if (!(await exists(photo))) {
    log('upload bench: generating a 24 MP JPEG…');
    await makePhoto(photo);
  }
  if (await exists(video)) return { photo, video: { path: video } };
  log('upload bench: generating a 20 MB H.264 video…');
  return { photo, video: await makeVideo(video) };
}

/**
 * Samples the processes' resident sizes until stopped; answers the largest any one of them
 * reached, in MB (an upload is one process's work).
 */
function sampleRss(pids: readonly number[]): { stop(): Promise<{ peakMb: number; processPeakMb: number }> } {
  const statuses = () => Promise.all(pids.map((pid) => readFile(`/proc/${pid}/status`, 'utf8')));
  const kilobytes = (texts: string[], field: 'VmRSS' | 'VmHWM') => Math.max(...texts.map((text) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0)));
  let peakKb = 0;
  let reading = Promise.resolve();
  const timer = setInterval(() => {
    reading = reading.then(async () => {
      peakKb = Math.max(peakKb, kilobytes(await statuses(), 'VmRSS'));
    });
  }, RSS_SAMPLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      await reading;
      const last = await statuses();
      peakKb = Math.max(peakKb, kilobytes(last, 'VmRSS'));
      // The kernel's counters are approximate: VmHWM can trail the highest VmRSS sampled by a few pages.
      return { peakMb: peakKb / 1024, processPeakMb: Math.max(kilobytes(last, 'VmHWM'), peakKb) / 1024 };
    },
  };
}

let clockTicksPerSecond: Promise<number> | undefined;

/** CPU seconds the process has used so far, its threads (sharp's, libuv's) included. */
async function cpuSeconds(pids: readonly number[]): Promise<number> {
  clockTicksPerSecond ??= run('getconf', ['CLK_TCK']).then(({ stdout }) => Number(stdout.trim()));
  let ticks = 0;
  for (const pid of pids) {
    // The fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ').at(-1)?.split(' ') ?? [];
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / (await clockTicksPerSecond);
}

/** The glibc allocator settings in the process's environment: they decide how much freed memory it gives back. */
export async function allocatorSettings(pid: number): Promise<string> {
  const environment = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
  const settings = environment.filter((entry) => /^(MALLOC_[A-Z_]+|GLIBC_TUNABLES|LD_PRELOAD)=/.test(entry));
  return settings.length > 0 ? settings.join(' ') : 'glibc defaults';
}

/** Uploads one file in its own request, streamed from disk; answers the seconds until the answer. */
async function uploadOne(options: TUploadBenchOptions, path: string, filename: string): Promise<number> {
  const form = new FormData();
  form.append('images', await openAsBlob(path), filename);
  const started = performance.now();
  const response = await fetch(`${options.baseUrl}/api/upload`, { method: 'POST', headers: { cookie: options.cookie, origin: options.origin }, body: form });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 201) throw new Error(`uploading ${filename} answered ${response.status}: ${text.slice(0, 300)}`);
  const files = (JSON.parse(text) as TUploadResponse).files;
  if (files.length !== 1) throw new Error(`uploading ${filename} answered ${files.length} files`);
  return seconds;
}

async function measureRound(options: TUploadBenchOptions, name: string, path: string, files: number, filename: string): Promise<TUploadRow> {
  const rounds = options.rounds ?? 1;
  const seconds: number[] = [];
  let peakMb = 0;
  let processPeakMb = 0;
  let cpu = 0;
  for (let round = 0; round < rounds; round++) {
    const sampler = sampleRss(options.serverPids);
    const cpuBefore = await cpuSeconds(options.serverPids);
    const settled = await Promise.allSettled(Array.from({ length: files }, () => uploadOne(options, path, filename)));
    cpu += (await cpuSeconds(options.serverPids)) - cpuBefore;
    const memory = await sampler.stop();
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    seconds.push(...settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])));
    peakMb = Math.max(peakMb, memory.peakMb);
    // VmHWM never falls in a process's life, but the kernel's counters are approximate: keep the largest seen.
    processPeakMb = Math.max(processPeakMb, memory.processPeakMb, peakMb);
  }
  const mean = seconds.reduce((sum, value) => sum + value, 0) / seconds.length;
  return { name, files, secondsPerFile: { mean, max: Math.max(...seconds) }, peakRssMb: peakMb, processPeakRssMb: processPeakMb, serverCpuSecondsPerFile: cpu / seconds.length };
}

/** The three rounds against a running server: one JPEG alone, five JPEGs at once, five videos at once. */
export async function runUploadBench(options: TUploadBenchOptions): Promise<TUploadRow[]> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const ownFixtures = options.fixturesDir === undefined;
  const dir = options.fixturesDir ?? (await mkdtemp(join(tmpdir(), 'upload-bench-')));
  try {
    const fixtures = await prepareFixtures(dir, log);
    log(`upload bench: server allocator settings: ${await allocatorSettings(options.serverPids[0]!)}`);
    // The first image also loads libvips and its codecs: a warm-up, not a measurement.
    await uploadOne(options, fixtures.photo, 'warm-up.jpg');
    const rows = [
      await measureRound(options, '24 MP JPEG, alone', fixtures.photo, 1, 'photo.jpg'),
      await measureRound(options, `24 MP JPEG ×${PARALLEL_UPLOADS} at once`, fixtures.photo, PARALLEL_UPLOADS, 'photo.jpg'),
    ];
    if ('skipped' in fixtures.video) log(`upload bench: no video round (${fixtures.video.skipped})`);
    else rows.push(await measureRound(options, `20 MB H.264 video ×${PARALLEL_UPLOADS} at once`, fixtures.video.path, PARALLEL_UPLOADS, 'video.mp4'));
    return rows;
  } finally {
    if (ownFixtures) await rm(dir, { recursive: true, force: true });
  }
}

export function formatUploadRows(rows: TUploadRow[]): string {
  const width = Math.max(...rows.map((row) => row.name.length));
  const header = `${'upload'.padEnd(width)}  files  s/file mean  s/file max  server CPU s/file  peak RSS (sampled)  VmHWM`;
  const lines = rows.map(
    (row) =>
      `${row.name.padEnd(width)}  ${String(row.files).padStart(5)}  ${row.secondsPerFile.mean.toFixed(2).padStart(11)}  ${row.secondsPerFile.max.toFixed(2).padStart(10)}  ${row.serverCpuSecondsPerFile.toFixed(2).padStart(17)}  ${`${row.peakRssMb.toFixed(0)} MB`.padStart(18)}  ${`${row.processPeakRssMb.toFixed(0)} MB`.padStart(6)}`,
  );
  return [header, ...lines].join('\n');
}

/** Over-budget sentences (empty: within the budgets). */
export function uploadBudgetMisses(rows: TUploadRow[]): string[] {
  const misses: string[] = [];
  const alone = rows.find((row) => row.files === 1);
  if (alone && alone.secondsPerFile.max > UPLOAD_BUDGETS.singleJpegSeconds) misses.push(`one 24 MP JPEG took ${alone.secondsPerFile.max.toFixed(2)} s (budget ${UPLOAD_BUDGETS.singleJpegSeconds} s)`);
  for (const row of rows.filter((candidate) => candidate.files > 1)) {
    if (row.peakRssMb > UPLOAD_BUDGETS.peakRssMb) misses.push(`${row.name}: peak RSS ${row.peakRssMb.toFixed(0)} MB (budget ${UPLOAD_BUDGETS.peakRssMb} MB)`);
  }
  return misses;
}

/** A production server on a throwaway SQLite data folder, and a member signed up on it. */
async function startServerWithMember(dataDir: string): Promise<{ server: TChild; cookie: string }> {
  const env = { ...process.env, ...ALLOCATOR_ENV, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
  // The operator's way in: `npm run invite` prints a code for this data folder (and migrates it).
  const { stdout } = await run(process.execPath, ['server/cli/launch.mjs', 'invite', '--count', '1'], { cwd: ROOT, env });
  const invitationCode = stdout.trim();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnAndWait({
    name: 'server',
    ...SERVER_START,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url },
    url,
    ready: [{ path: '/healthz' }],
    readyTimeoutMs: 180_000,
  });
  try {
    const member = await apiClient(url).signUp({ email: 'upload-bench@example.com', password: 'upload-bench-password', firstName: 'Upload', lastName: 'Bench' }, invitationCode);
    return { server, cookie: `sid=${member.cookie}` };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '1' }, fixtures: { type: 'string' } } });
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number ≥ 1');
  const dataDir = await mkdtemp(join(tmpdir(), 'upload-bench-data-'));
  let server: TChild | undefined;
  try {
    const started = await startServerWithMember(dataDir);
    server = started.server;
    const rows = await runUploadBench({ baseUrl: server.url, origin: server.url, cookie: started.cookie, serverPids: [server.pid], rounds, fixturesDir: values.fixtures });
    console.log(formatUploadRows(rows));
    // Seconds stretch with whatever else the machine runs; the CPU column does not.
    console.log(`load average at the end: ${loadavg().map((load) => load.toFixed(1)).join(', ')} on ${availableParallelism()} cores`);
    const misses = uploadBudgetMisses(rows);
    console.log(misses.length === 0 ? 'within the upload budgets' : `over budget:\n  ${misses.join('\n  ')}`);
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main().catch((error: unknown) => {
    console.error(`upload bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
