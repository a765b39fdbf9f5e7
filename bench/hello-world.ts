// The ceiling for `npm run bench`: a bare Fastify answering { hello: 'world' }, run as its own
// process on the same machine, so each scenario reads as a share of what Node + Fastify can do here.
// Usage: node --import tsx bench/hello-world.ts [port] [processes]   (or PORT=…); prints one line
// when listening. With processes above 1 it runs as the app does with WEB_CONCURRENCY: that many
// processes on one port under node:cluster's primary, for a ceiling measured the same way.
import cluster from 'node:cluster';
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? process.env.PORT ?? 3001);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`hello-world: invalid port ${String(process.argv[2] ?? process.env.PORT)}`);
  process.exit(1);
}

const processes = Number(process.argv[3] ?? 1);
if (cluster.isPrimary && processes > 1) {
  const workers = Array.from({ length: processes }, () => cluster.fork());
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('listening', resolve))));
  const stop = () => workers.forEach((worker) => worker.process.kill('SIGTERM'));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  cluster.on('exit', () => {
    if (workers.every((worker) => worker.isDead())) process.exit(0);
  });
  console.log(`hello-world listening on http://127.0.0.1:${port} (${processes} processes)`);
} else {
  await serve();
}

async function serve(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));

  const close = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', close);
  process.once('SIGINT', close);

  const address = await app.listen({ port, host: '127.0.0.1' });
  console.log(`hello-world listening on ${address}`);
}
