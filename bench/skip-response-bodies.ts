// The bench's load generator shares this machine's two cores with the server it measures, so
// what it spends per request is taken from the server. autocannon decodes every response body
// into a string (`PipelinedRequestsQueue.addBody`: `req.body += chunk`) for `onResponse`
// callbacks. For the 3-20 KB gzip answers of the traffic scenarios that decoding was a quarter
// of autocannon's CPU: on 326 search terms, all answered from the cache, autocannon spent 90-110
// µs a request and saturated its core while the server idled at 65 % of its own. The scenarios
// measured autocannon, not the server. No bench scenario reads a body (the soak reads statuses),
// so bodies are not decoded: bytes are still counted (`addByteCount`), statuses still checked.
import { createRequire } from 'node:module';

interface TPipelinedRequestsQueue {
  prototype: { addBody: (chunk: Buffer) => void };
}

const require = createRequire(import.meta.url);
/** autocannon's own queue module (pinned version: package.json); a missing method fails loudly here. */
const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as TPipelinedRequestsQueue;
if (typeof queue.prototype.addBody !== 'function') throw new Error('autocannon changed: PipelinedRequestsQueue.addBody is gone (bench/skip-response-bodies.ts)');

/** From now on, every autocannon run in this process leaves response bodies undecoded (onResponse gets ''). */
export function skipResponseBodies(): void {
  queue.prototype.addBody = () => {};
}
