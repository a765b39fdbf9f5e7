/** A file the pipeline will not take; the service names the file when it reports it. */
export class MediaRefusal extends Error {
  constructor(
    readonly status: 413 | 415,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'MediaRefusal';
  }
}

export const NOT_MEDIA = 'Only images and videos are supported';
export const UNREADABLE_IMAGE = 'The image could not be read: the file is damaged or incomplete';
export const UNREADABLE_VIDEO = 'The video could not be read: it holds no playable video stream, or the file is damaged';
export const AVI_NEEDS_FFMPEG = 'AVI videos do not play in browsers, and this server cannot convert them: upload MP4 or WebM';
export const videoTooLong = (maxSeconds: number) => `Videos can be at most ${maxSeconds} second${maxSeconds === 1 ? '' : 's'} long`;
