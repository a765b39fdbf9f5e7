// One autocannon round against a running process, reduced to the numbers the bench reports.
import autocannon from 'autocannon';
import { skipResponseBodies } from './skip-response-bodies';

// The load generator shares the cores with the server: it does not decode what it never reads.
skipResponseBodies();

export interface TMeasurement {
  /** Completed requests in the round. */
  requests: number;
  /** Mean of the per-second request counts. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Everything that is not a 2xx answer: socket errors (timeouts included) plus non-2xx responses. */
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Mean response bytes per second. */
  throughputBytesPerSec: number;
  durationSeconds: number;
}

/**
 * A round lasts some seconds, or (the smoke run's) until so many requests have been answered,
 * however long they take: a round that proves a scenario works needs answers, not time, and a
 * second's round on CI's loaded machine once completed no request of a slow page.
 */
export type TRoundLength = { seconds: number } | { requests: number };

export interface TRound {
  url: string;
  /** The requests connection number `connection` cycles through. */
  requestsFor(connection: number): autocannon.Request[];
  connections: number;
  /** How long the round lasts (a warm-up is given its own length). */
  length: TRoundLength;
  /**
   * The first connection's number (0 unless set). A warm-up takes the numbers after the measured
   * round's: its connections draw other requests, so the measured round does not replay what the
   * warm-up left behind (views counted already, pages cached by the very requests measured).
   */
  firstConnection?: number;
}

/**
 * What every browser sends and the bench sends too: the server may answer compressed.
 * (Request-level headers in a scenario are merged over these.)
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * autocannon counts requests and bytes per sample (a second by default) and ends a round only at a
 * sample's end: a round shorter than a second samples as often as it lasts (a counted round every
 * 50 ms), and its per-sample figures are scaled to per second.
 */
function sampleMsFor(durationSeconds: number): number {
  return Math.min(1000, Math.max(50, Math.round(durationSeconds * 1000)));
}

export async function measure(round: TRound): Promise<TMeasurement> {
  let nextConnection = round.firstConnection ?? 0;
  const { length } = round;
  // A counted round's length is not known beforehand: it samples as often as the shortest timed one.
  const sampleMs = sampleMsFor('seconds' in length ? length.seconds : 0);
  const perSecond = 1000 / sampleMs;
  const result = await autocannon({
    url: round.url,
    // autocannon shares a counted round's requests among its connections, at least one each.
    ...('seconds' in length ? { connections: round.connections, duration: length.seconds } : { connections: Math.min(round.connections, length.requests), amount: length.requests }),
    sampleInt: sampleMs,
    headers: BROWSER_HEADERS,
    // Each connection gets its own cycle (its own session and project in the signed-in mix).
    setupClient: (client) => client.setRequests(round.requestsFor(nextConnection++)),
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]));
  // A counted round may end within one or two samples: its rates are its totals over its length.
  const countedSeconds = 'requests' in length ? Math.max(result.duration, 0.01) : null;
  return {
    requests: result.requests.total,
    reqPerSec: countedSeconds ? result.requests.total / countedSeconds : result.requests.average * perSecond,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // autocannon's `errors` already counts its timeouts.
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    throughputBytesPerSec: countedSeconds ? result.throughput.total / countedSeconds : result.throughput.average * perSecond,
    durationSeconds: result.duration,
  };
}

/** A warm-up (JIT, caches, pools; not recorded), then the measured round. */
export async function warmThenMeasure(round: TRound, warmup: TRoundLength): Promise<TMeasurement> {
  await warmUp(round, warmup);
  return measure(round);
}

/** Warm-up rounds one scenario may take before its measured round, however slow its first answers. */
export const MAX_WARMUP_ROUNDS = 10;

/**
 * Warm-up rounds until one has completed a request (at most MAX_WARMUP_ROUNDS); resolves with how
 * many ran. A warm-up that answered nothing warmed nothing: on a slow host the smoke run's first
 * server-rendered pages on PostgreSQL took longer than a 0.1 s warm-up and a 1 s round together,
 * and the measured round then completed none (a CI failure).
 */
export async function warmUp(round: TRound, warmup: TRoundLength, maxRounds = MAX_WARMUP_ROUNDS): Promise<number> {
  if (('seconds' in warmup ? warmup.seconds : warmup.requests) <= 0) return 0;
  for (let rounds = 1; ; rounds += 1) {
    const { requests } = await measure(warmUpFor(round, warmup));
    if (requests > 0 || rounds >= maxRounds) return rounds;
  }
}

/** The warm-up before a round: as long as asked, on connections numbered after the round's. */
function warmUpFor(round: TRound, length: TRoundLength): TRound {
  return { ...round, length, firstConnection: (round.firstConnection ?? 0) + round.connections };
}
