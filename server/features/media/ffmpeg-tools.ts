// Running ffmpeg and ffprobe on untrusted uploads (Debian: `apt-get install -y ffmpeg`). The
// demuxer is always fixed to the type the magic bytes gave and only local files may be opened,
// so a crafted file cannot make either tool fetch URLs or read other files (for example an
// "AVI" that is really an HLS playlist). Every run has a time limit and is killed past it.
import { spawn } from 'node:child_process';

/** The demuxer for each stored video extension. */
export const DEMUXER: Record<string, string> = { mp4: 'mov', mov: 'mov', webm: 'matroska', avi: 'avi' };

/** Options every ffprobe run on an upload starts with: quiet, local files only. */
export const SAFE_PROBE_ARGS = ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file'];
/** …and every ffmpeg run: no stdin either. */
export const SAFE_INPUT_ARGS = ['-nostdin', ...SAFE_PROBE_ARGS];

export interface TRunResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** Keeps at most this much of a tool's output: enough for ffprobe's JSON and an error's first lines. */
const MAX_OUTPUT_CHARS = 64 * 1024;

/** Runs the command; killed past `timeoutMs`, or when `signal` aborts (a shutdown). */
export function runTool(command: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<TRunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_OUTPUT_CHARS) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, stdout, stderr: stderr || error.message });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, stdout, stderr });
    });
  });
}

const available = new Map<string, Promise<boolean>>();

/** Whether the command runs (`<command> -version`); asked once per process and command. */
export function toolAvailable(command: string): Promise<boolean> {
  let answer = available.get(command);
  if (!answer) {
    answer = runTool(command, ['-hide_banner', '-version'], 5_000).then((result) => result.ok);
    available.set(command, answer);
  }
  return answer;
}
