// Serves the built client: hashed assets cached for a year, index.html never cached,
// and every other GET outside /api and /media answered with index.html for the router.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ clientDir }, 'client build not found: only the API is served');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/media/')) {
      return reply.code(404).send({ message: `Route ${request.method} ${path} not found` });
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}
