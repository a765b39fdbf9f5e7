// How long cheap reads wait behind slow ones: a few connections search common words page after
// page (each answer a cache miss, a full-text ranking of thousands of matches) while others read
// the cached job board; prints both sides' throughput and latencies. Against a server already
// started on the scale dataset (`npm run seed:scale`, then `npm run serve`):
//   tsx bench/head-of-line.ts --url http://127.0.0.1:3000 [--seconds 15]
// Each run should use a fresh server: pages searched once are cached afterwards.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

/** Words common in the scale dataset's titles: thousands of matches each. */
const COMMON_WORDS = ['loop', 'sketches', 'series', 'study', 'redux', 'collection', 'variations', 'concept'];
/** Enough pages that none is asked twice in a run; a page past a word's last costs the same ranking. */
const PAGES_PER_WORD = 400;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, seconds: { type: 'string', default: '15' } } });
  if (!values.url) throw new Error('--url is required');
  const duration = Number(values.seconds);
  let sent = 0;
  const searches = autocannon({
    url: values.url,
    connections: 4,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const word = COMMON_WORDS[sent % COMMON_WORDS.length]!;
          const page = 1 + (Math.floor(sent / COMMON_WORDS.length) % PAGES_PER_WORD);
          sent += 1;
          return { ...request, path: `/api/projects/search/${word}?page=${page}` };
        },
      },
    ],
  });
  const cheap = autocannon({ url: values.url, connections: 20, duration, requests: [{ path: '/api/jobs' }] });
  const [slow, fast] = await Promise.all([searches, cheap]);
  console.log(`uncached searches:        ${slow.requests.average.toFixed(0)} req/s, p50 ${slow.latency.p50} ms, p99 ${slow.latency.p99} ms, errors ${slow.errors + slow.non2xx}`);
  console.log(`cached job board beside:  ${fast.requests.average.toFixed(0)} req/s, p50 ${fast.latency.p50} ms, p99 ${fast.latency.p99} ms, slowest ${fast.latency.max} ms, errors ${fast.errors + fast.non2xx}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
