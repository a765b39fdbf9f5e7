// The ceiling for `npm run bench`: a bare Fastify answering { hello: 'world' }, run as its own
// process on the same machine, so each scenario reads as a share of what Node + Fastify can do here.
// Usage: node --import tsx bench/hello-world.ts [port]   (or PORT=…); prints one line when listening.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? process.env.PORT ?? 3001);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`hello-world: invalid port ${String(process.argv[2] ?? process.env.PORT)}`);
  process.exit(1);
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const close = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);

const address = await app.listen({ port, host: '127.0.0.1' });
console.log(`hello-world listening on ${address}`);
