// The server's CPU time per request of the traffic scenarios, for comparing two versions on a
// machine too busy for throughput to mean anything: a process's user + system time per request
// barely depends on how many other processes share the cores (waiting for a core is not counted).
// Runs against servers already started (`npm start` on the dataset): give their URL and pid.
//   tsx bench/cpu-cost.ts --url http://127.0.0.1:3000 --pid 1234 [--requests 2000] [--members 20]
//        [--connections 10] [--only detail-visitors,…] [--ceiling-url http://127.0.0.1:4000 --ceiling-pid 5678]
//        [--first-connection 100000]
// Prints per scenario: requests, errors, server CPU µs per request, and the CPU share of the bare
// hello world (its CPU per request divided by the scenario's): the throughput share a server
// bound by its own core would reach.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config';
import { readDataset } from './dataset';
import { BROWSER_HEADERS } from './measure';
import { BenchClient, buildScenarios, discoverInputs, type TScenarioName } from './scenarios';
import { readTrafficData } from './traffic';

const TICKS_PER_SECOND = 100;

function cpuMs(pid: number): number {
  // Fields after the command's closing parenthesis: utime is the 14th field of the line, stime the 15th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * Connection numbers already used: each round's connections (a warm-up's, a repeated scenario's)
 * draw requests no earlier round sent, so none measures what an earlier one left cached.
 */
let nextConnection = 0;

async function send(url: string, amount: number, requestsFor: (connection: number) => autocannon.Request[], connections = 10): Promise<{ ok: number; errors: number; seconds: number }> {
  const started = Date.now();
  const result = await autocannon({
    url,
    connections,
    amount,
    timeout: 120,
    headers: BROWSER_HEADERS,
    setupClient: (client) => client.setRequests(requestsFor(nextConnection++)),
  });
  return { ok: result['2xx'], errors: result.errors + result.non2xx, seconds: (Date.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      pid: { type: 'string' },
      requests: { type: 'string', default: '2000' },
      members: { type: 'string', default: '20' },
      connections: { type: 'string', default: '10' },
      only: { type: 'string', default: 'gallery-visitors,gallery-members,detail-visitors,detail-members,search-terms,members-mix' },
      'ceiling-url': { type: 'string' },
      'ceiling-pid': { type: 'string' },
      // Against a server a run has warmed already: draw on connections numbered from here, so this
      // run's visitors and URLs are not the ones the last run left counted and cached.
      'first-connection': { type: 'string', default: '0' },
    },
  });
  if (!values.url || !values.pid) throw new Error('--url and --pid are required');
  const pid = Number(values.pid);
  nextConnection = Number(values['first-connection']);
  const requests = Number(values.requests);
  const config = loadConfig(process.env);
  const dataset = await readDataset(config, { members: Number(values.members) });
  const client = new BenchClient(values.url, values.url);
  const traffic = await readTrafficData(config);
  const inputs = await discoverInputs(client, { connections: 10, accounts: dataset.accounts.slice(0, 2), traffic, trafficAccounts: dataset.accounts });
  const scenarios = buildScenarios(inputs, values.url);
  let ceilingMs: number | null = null;
  if (values['ceiling-url'] && values['ceiling-pid']) {
    const ceilingPid = Number(values['ceiling-pid']);
    const hello = () => [{ method: 'GET', path: '/' } as autocannon.Request];
    await send(values['ceiling-url'], requests, hello);
    const before = cpuMs(ceilingPid);
    const sent = await send(values['ceiling-url'], requests * 5, hello);
    ceilingMs = (cpuMs(ceilingPid) - before) / sent.ok;
    console.log(`ceiling: ${(ceilingMs * 1000).toFixed(0)} µs CPU per request`);
  }
  console.log('scenario                 requests  errors  CPU µs/request  of ceiling  wall s');
  for (const name of values.only.split(',') as TScenarioName[]) {
    const scenario = scenarios[name];
    // Warm-up (JIT, caches) not counted, then the measured requests.
    await send(values.url, Math.round(requests / 2), scenario.requestsFor, Number(values.connections));
    const before = cpuMs(pid);
    const sent = await send(values.url, requests, scenario.requestsFor, Number(values.connections));
    const perRequest = (cpuMs(pid) - before) / Math.max(1, sent.ok + sent.errors);
    const share = ceilingMs === null ? '—' : `${((100 * ceilingMs) / perRequest).toFixed(1)}%`;
    console.log(`${name.padEnd(24)} ${String(sent.ok).padStart(8)} ${String(sent.errors).padStart(7)} ${(perRequest * 1000).toFixed(0).padStart(15)} ${share.padStart(11)} ${sent.seconds.toFixed(0).padStart(7)}`);
  }
}

await main();
