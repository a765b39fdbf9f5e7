// What an uploaded video holds, checked before anything is stored: a video stream that can be
// decoded and a duration up to MAX_VIDEO_SECONDS. ffprobe answers when it is installed; without
// it the container structure is walked (container-walker.ts). Anything else is a 415.
import type { TMediaConfig } from '../../config';
import { InvalidContainer, walkVideoContainer, withFileSource, type TContainerInfo } from './container-walker';
import type { TMediaType } from './detect-media-type';
import { DEMUXER, runTool, SAFE_PROBE_ARGS, toolAvailable } from './ffmpeg-tools';
import { MediaRefusal, UNREADABLE_VIDEO, videoTooLong } from './media-refusal';

const FFPROBE_TIMEOUT_MS = 20_000;

export interface TVideoProbe {
  durationSeconds: number;
  videoCodec: string;
  width: number | null;
  height: number | null;
}

interface TFfprobeOutput {
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }[];
  format?: { duration?: string };
}

/** ffprobe's view of the file, or null when it cannot read it as its detected type. */
export async function ffprobeVideo(ffprobe: string, path: string, ext: string): Promise<TVideoProbe | null> {
  const demuxer = DEMUXER[ext];
  if (!demuxer) return null;
  const entries = 'stream=codec_type,codec_name,width,height,duration:stream_disposition=attached_pic:format=duration';
  const result = await runTool(ffprobe, [...SAFE_PROBE_ARGS, '-f', demuxer, '-show_entries', entries, '-of', 'json', '-i', path], FFPROBE_TIMEOUT_MS);
  if (!result.ok) return null;
  let output: TFfprobeOutput;
  try {
    output = JSON.parse(result.stdout) as TFfprobeOutput;
  } catch {
    return null;
  }
  // A cover picture in an audio file is a "video" stream of one frame: not a video.
  const video = output.streams?.find((stream) => stream.codec_type === 'video' && stream.codec_name && !stream.disposition?.attached_pic);
  if (!video?.codec_name) return null;
  const durationSeconds = Number(output.format?.duration ?? video.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  return { durationSeconds, videoCodec: video.codec_name, width: video.width ?? null, height: video.height ?? null };
}

/** The container walker's view, or null when the structure is not a video of that type. */
async function walkedVideo(path: string, ext: string): Promise<TContainerInfo | null> {
  try {
    return await withFileSource(path, (source) => walkVideoContainer(source, ext));
  } catch (error) {
    if (error instanceof InvalidContainer) return null;
    throw error;
  }
}

/** The probe of an accepted video, or a MediaRefusal (415) saying why it is not one. */
export async function probeVideo(path: string, type: TMediaType, media: TMediaConfig): Promise<TVideoProbe> {
  const probe = (await toolAvailable(media.ffprobePath)) ? await ffprobeVideo(media.ffprobePath, path, type.ext) : await walkedVideo(path, type.ext);
  if (!probe) throw new MediaRefusal(415, UNREADABLE_VIDEO);
  // A hundredth of a second over is rounding, not a longer video.
  if (probe.durationSeconds > media.maxVideoSeconds + 0.01) throw new MediaRefusal(415, videoTooLong(media.maxVideoSeconds));
  return probe;
}
