// GET /media/<key>: files of the local storage folder. Keys never change content, so they are
// cached for a year; the content type is the one the file was stored as, and nosniff keeps
// browsers from guessing another. Only canonical key paths are looked up: anything with dots,
// percent-escapes or unknown extensions is a plain 404 before the file system is touched, and
// a path that resolves outside the folder (through a symlink) is a 404 too.
import { realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL, inlineDisposition } from '../../adapters/storage/storage';
import { LOCAL_MEDIA_PREFIX } from '../../adapters/storage/local-storage';
import { contentTypeOfExtension } from './detect-media-type';

const MEDIA_PATH = /^\/media\/(?:[A-Za-z0-9_-]+\/)+[A-Za-z0-9_-]+\.([a-z0-9]+)$/;

function extensionOf(path: string): string | undefined {
  return /\.([a-z0-9]+)$/.exec(path)?.[1];
}

/**
 * Whether the file really lies inside the folder: the app never makes symlinks, so one that
 * leads out (planted, or restored from a backup) must not turn /media into a window on the disk.
 */
async function resolvesInside(dir: string, relative: string): Promise<boolean> {
  const [root, file] = await Promise.all([realpath(dir), realpath(join(dir, relative))]).catch(() => [null, null]);
  return root !== null && file !== null && file.startsWith(root + sep);
}

export async function serveLocalMedia(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const match = MEDIA_PATH.exec(path);
      if (!match?.[1] || !contentTypeOfExtension(match[1])) return reply.callNotFound();
      if (!(await resolvesInside(dir, path.slice(`${LOCAL_MEDIA_PREFIX}/`.length)))) return reply.callNotFound();
    });
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: `${LOCAL_MEDIA_PREFIX}/`,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      etag: true,
      lastModified: true,
      setHeaders(reply, path) {
        const contentType = contentTypeOfExtension(extensionOf(path) ?? '');
        if (contentType) reply.header('Content-Type', contentType);
        reply.header('Cache-Control', IMMUTABLE_CACHE_CONTROL);
        reply.header('X-Content-Type-Options', 'nosniff');
        // The sandbox CSP and same-site CORP come with every /media answer (http/security.ts).
        reply.header('Content-Disposition', inlineDisposition(relative(dir, path).split(sep).join('/')));
      },
    });
  });
}
