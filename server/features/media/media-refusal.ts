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
