import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../../../shared/constants';
import { ZUploadResponse } from '../../../shared/schemas/media';
import type { TContext } from '../../context';
import { errorResponses } from '../../http/errors';
import { ensureFreeDisk, freeDiskSpace, type TFreeDiskSpace } from '../../http/member-limits';
import { INVALIDATES_NOTHING } from '../../http/public-cache';
import { MEMBERS_ONLY, requireUser } from '../../http/sessions';
import { limitText } from './detect-media-type';
import { uploadAllowance } from '../projects/projects.service';
import { storeUploads } from './media.service';
import { MAX_FILES_PER_UPLOAD, MULTIPART_LIMITS, receiveUploads, removeReceived, UPLOAD_FIELD } from './receive-uploads';
import { serveLocalMedia } from './serve-local-media';
import { prepareTempDir, uploadTempDir } from './temp-files';

/** The largest refused upload read to its end rather than cut off (one image at its size limit). */
const DRAIN_REFUSED_UPLOAD_UP_TO_BYTES = IMAGE_MAX_BYTES;

export interface TMediaRouteOptions {
  /** Free bytes of a folder (the disk guard); a test plays a full disk with its own. */
  freeDiskSpace?: TFreeDiskSpace;
}

export async function mediaRoutes(app: FastifyInstance, ctx: TContext, options: TMediaRouteOptions = {}): Promise<void> {
  const probeFreeDisk = options.freeDiskSpace ?? freeDiskSpace;
  const tempDir = uploadTempDir(ctx.config.dataDir);
  await prepareTempDir(tempDir);
  if (ctx.storage.localDir) await serveLocalMedia(app, ctx.storage.localDir);

  // Multipart parsing only where files are expected: every other route keeps JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });

    // Refused before the body was read to its end (signed out, a file too large): a large body
    // is answered at once and the connection closed, rather than read up to 200 MB nobody will
    // keep; its unread rest would also stall the next request on a kept-alive connection. A body
    // up to one image's size is read to its end and dropped instead, whether nothing had read it
    // yet (401, 503) or it was cut off part way (429 at the byte budget): the client, still
    // sending, gets its answer. Closing under its writes, it would see a network error (EPIPE).
    scope.addHook('onError', async (request, reply) => {
      const body = request.raw;
      if (body.readableEnded) return;
      if (Number(request.headers['content-length']) <= DRAIN_REFUSED_UPLOAD_UP_TO_BYTES) {
        // Nothing read yet: Node drops it after the answer. Read part way: the parser let go of it.
        if (body.readableDidRead) body.unpipe().resume();
        return;
      }
      reply.header('Connection', 'close');
    });

    const described = {
      tags: ['media'],
      description:
        `multipart/form-data, each file in the field '${UPLOAD_FIELD}' (repeated, at most ${MAX_FILES_PER_UPLOAD}): ` +
        `images and GIFs up to ${limitText(IMAGE_MAX_BYTES)}, videos up to ${limitText(VIDEO_MAX_BYTES)} and ${ctx.config.media.maxVideoSeconds} s ` +
        "(with ffmpeg installed, each video is transcoded to an H.264 MP4 in the background: `status` is 'processing' until it is at `url`).",
      response: { 201: ZUploadResponse, ...errorResponses(400, 401, 403, 413, 415, 429, 507) },
    };
    scope.withTypeProvider<ZodTypeProvider>().post('/api/upload', { config: { ...MEMBERS_ONLY, ...INVALIDATES_NOTHING }, schema: described }, async (request, reply) => {
      const user = requireUser(request);
      // Before a byte is written: room on the disk (for S3, the temporary folder's), then the member's limits.
      await ensureFreeDisk(probeFreeDisk, tempDir, ctx.config.limits.minFreeDiskBytes);
      const files = await receiveUploads(request, tempDir, await uploadAllowance(ctx, user.id));
      // Temporary files go before the answer does: a client that got its answer finds nothing left.
      const stored = await storeUploads(ctx, user.id, files, tempDir).finally(() => removeReceived(files));
      return reply.code(201).send(stored);
    });
  });
}
