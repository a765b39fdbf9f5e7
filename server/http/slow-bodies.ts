// A request body must keep arriving. Fastify leaves requestTimeout and connectionTimeout at 0,
// and Node's own limits cover the headers only (60 s), so a client could send a body a byte a
// minute and hold a connection, an upload's temporary file and its parser forever; a few
// thousand such clients hold the whole server. A total time limit would refuse honest uploads
// on slow links (20 MB of video at 64 kbit/s takes 42 minutes), so the rule is a floor on the
// rate instead: in each window, the body must bring at least the floor's bytes. Holding many
// connections then costs an attacker real bandwidth. Only the time the server is reading counts:
// Node pauses the socket while the body's buffer is full (a handler still busy before it reads, a
// slow disk), and a window opens afresh when it resumes.
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TBodyFloor } from '../config';

export const SLOW_BODY_MESSAGE = 'The request body arrived too slowly. Check your connection and try again.';

const TIMEOUT_RESPONSE_BODY = JSON.stringify({ message: SLOW_BODY_MESSAGE });
const TIMEOUT_RESPONSE =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(TIMEOUT_RESPONSE_BODY)}\r\n\r\n${TIMEOUT_RESPONSE_BODY}`;

export function registerBodyFloor(app: FastifyInstance, floor: TBodyFloor): void {
  if (floor.bytesPerSecond <= 0) return;
  const leastPerWindow = (floor.bytesPerSecond * floor.windowMs) / 1000;
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (request, reply, done) => {
    // Only a request that declares a body. Node starts a request as soon as its headers are
    // read, so even a GET is not yet `complete` here: it cannot tell which bodies are done.
    // A request made in-process (inject) has a stand-in socket: no network to be slow on.
    if (declaresBody(request) && request.raw.socket instanceof Socket) watchBody(request, reply, leastPerWindow, floor.windowMs);
    done();
  });
}

function declaresBody(request: FastifyRequest): boolean {
  const { headers } = request;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;
}

function watchBody(request: FastifyRequest, reply: FastifyReply, leastPerWindow: number, windowMs: number): void {
  const body = request.raw;
  const socket = body.socket;
  // The open window: when it opened and how much the socket had read then. Sampling the body's
  // buffer at each tick instead missed a server that resumed reading just before the tick: the
  // whole window paused, then judged as the client's.
  let reading = !socket.isPaused();
  let openedAt = performance.now();
  let readAtOpen = socket.bytesRead;
  const openWindow = () => {
    reading = true;
    openedAt = performance.now();
    readAtOpen = socket.bytesRead;
  };
  const closeWindow = () => {
    reading = false;
  };
  const judge = () => {
    if (body.complete || socket.destroyed) return stop();
    if (!reading || performance.now() - openedAt < windowMs) return;
    const read = socket.bytesRead - readAtOpen;
    if (read < leastPerWindow) {
      stop();
      request.log.info({ bytesInWindow: read, windowMs }, 'request body too slow: connection closed');
      cutOff(socket, reply.raw.headersSent);
      return;
    }
    openWindow();
  };
  // Judged after the loop's next poll: a tick that fires late, the loop having been busy, comes
  // before the socket's waiting bytes are read, and would blame the client for the server's delay.
  const timer = setInterval(() => setImmediate(judge), windowMs / 2);
  timer.unref();
  socket.on('pause', closeWindow);
  socket.on('resume', openWindow);
  function stop() {
    clearInterval(timer);
    socket.off('pause', closeWindow);
    socket.off('resume', openWindow);
  }
  // Not kept past the request: its end, or its connection's.
  body.once('close', stop);
}

/** Answers 408 when nothing was answered yet (as Node's own request timeout does), then closes. */
function cutOff(socket: Socket, answered: boolean): void {
  if (!answered && socket.writable) socket.write(TIMEOUT_RESPONSE);
  socket.destroy();
}
