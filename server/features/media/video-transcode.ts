// Every video becomes an H.264/AAC MP4 that every browser plays: yuv420p, even dimensions, the
// longer side at most 1920 px (1080p), the index in front (+faststart) so playback starts before
// the whole file has arrived, and no metadata carried over (places, devices, names).
import { DEMUXER, runTool, SAFE_INPUT_ARGS, type TRunResult } from './ffmpeg-tools';

/** A 2-minute clip at 1080p takes about a minute on two cores with this preset. */
export const TRANSCODE_TIMEOUT_MS = 10 * 60 * 1000;
const MAX_LONG_SIDE = 1920;
/** Constant quality: 23 is x264's default and looks like the source at web sizes. */
const CRF = '23';

/** Fits the longer side in MAX_LONG_SIDE and rounds both sides down to even numbers (H.264 4:2:0 needs them). */
const SCALE = `scale=w='trunc(min(iw,if(gte(iw,ih),${MAX_LONG_SIDE},${MAX_LONG_SIDE}*iw/ih))/2)*2':h='trunc(min(ih,if(gte(iw,ih),${MAX_LONG_SIDE}*ih/iw,${MAX_LONG_SIDE}))/2)*2',setsar=1`;

export function transcodeArgs(input: string, ext: string, output: string): string[] {
  const demuxer = DEMUXER[ext];
  if (!demuxer) throw new Error(`no demuxer for .${ext}`);
  return [
    ...SAFE_INPUT_ARGS,
    '-f', demuxer, '-i', input,
    // The first video stream, and the first audio stream if there is one (many clips have none).
    '-map', '0:v:0', '-map', '0:a:0?',
    '-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn',
    '-vf', SCALE,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', CRF, '-pix_fmt', 'yuv420p', '-profile:v', 'high',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2',
    '-movflags', '+faststart',
    '-f', 'mp4', '-y', output,
  ];
}

export function transcodeToMp4(ffmpeg: string, input: string, ext: string, output: string, signal?: AbortSignal): Promise<TRunResult> {
  return runTool(ffmpeg, transcodeArgs(input, ext, output), TRANSCODE_TIMEOUT_MS, signal);
}
