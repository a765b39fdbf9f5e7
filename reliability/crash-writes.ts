// The client of the crash run: loops that keep making writes (sign-ups, uploads with projects,
// likes) while the server is killed under them, and a ledger of what the server acknowledged.
// A write counts once its whole answer has arrived; one whose connection broke after it was
// sent is "unknown": it may or may not exist, but must not be half-made.
import { uploadForm, type TApiClient, type TApiMember } from '../e2e/api-client';
import { newMemberDetails } from './harness/members';
import { tinyPng } from './harness/tiny-image';

/** Longer than any write takes on a loaded machine: a request this slow counts as hung. */
const REQUEST_TIMEOUT_MS = 20_000;
const RETRY_PAUSE_MS = 50;
/**
 * Between two sign-ups: each hashes a password (argon2, memory-hard) on the server, and back to
 * back they would starve the uploads of the CPU in the short time the server is up.
 */
const SIGN_UP_PAUSE_MS = 150;

export interface TAcknowledgedSignUp {
  id: number;
  email: string;
  password: string;
}

export interface TAcknowledgedProject {
  id: number;
  slug: string;
  ownerId: number;
  /** The media URL the upload answered, which the project was made with. */
  imageUrl: string;
}

export interface TCrashLedger {
  signUps: TAcknowledgedSignUp[];
  projects: TAcknowledgedProject[];
  /** `userId:projectId` → liked according to the last acknowledged toggle, or unknown after a broken one. */
  likes: Map<string, boolean | 'unknown'>;
  /** Writes whose answer never arrived, by kind. */
  unknown: { signUps: number; uploads: number; projects: number; likes: number };
  /** Answers that were not 2xx, and requests that hung: none are expected. */
  failures: string[];
}

type TAttempt = { outcome: 'answered'; status: number; body: string } | { outcome: 'unknown' } | { outcome: 'not-sent' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Connection refused: the server is down and nothing was sent, so the write can simply be tried again. */
function wasRefused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}

export function crashWriters(api: TApiClient, members: TApiMember[], codes: string[]) {
  const ledger: TCrashLedger = {
    signUps: [],
    projects: [],
    likes: new Map(),
    unknown: { signUps: 0, uploads: 0, projects: 0, likes: 0 },
    failures: [],
  };
  let running = true;

  /** Sends until it is sent (retrying while refused), then waits for the whole answer. */
  async function attempt(what: string, send: (signal: AbortSignal) => Promise<Response>): Promise<TAttempt> {
    while (running) {
      try {
        const response = await send(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
        const body = await response.text();
        if (response.status < 200 || response.status >= 300) ledger.failures.push(`${what} → ${response.status} ${body.slice(0, 300)}`);
        return { outcome: 'answered', status: response.status, body };
      } catch (error) {
        if (wasRefused(error)) {
          await sleep(RETRY_PAUSE_MS);
          continue;
        }
        if ((error as Error).name === 'TimeoutError') ledger.failures.push(`${what} hung for ${REQUEST_TIMEOUT_MS} ms`);
        return { outcome: 'unknown' };
      }
    }
    return { outcome: 'not-sent' };
  }

  const ok = (result: TAttempt): result is Extract<TAttempt, { outcome: 'answered' }> => result.outcome === 'answered' && result.status >= 200 && result.status < 300;

  async function signUps(): Promise<void> {
    for (const invitationCode of codes) {
      if (!running) return;
      const details = newMemberDetails({ firstName: 'Crash', lastName: 'Survivor' });
      const result = await attempt('sign-up', (signal) => api.request('POST', '/api/auth/signup', { json: { ...details, invitationCode }, signal }));
      if (ok(result)) ledger.signUps.push({ id: (JSON.parse(result.body) as { id: number }).id, email: details.email, password: details.password });
      else if (result.outcome === 'unknown') ledger.unknown.signUps += 1;
      await sleep(SIGN_UP_PAUSE_MS);
    }
  }

  async function projects(): Promise<void> {
    for (let index = 0; running; index += 1) {
      const owner = members[index % members.length]!;
      const image = await tinyPng(index);
      const upload = await attempt('upload', (signal) => api.request('POST', '/api/upload', { cookie: owner.cookie, form: uploadForm([image]), signal }));
      if (upload.outcome === 'unknown') ledger.unknown.uploads += 1;
      if (!ok(upload)) continue;
      const [imageUrl] = (JSON.parse(upload.body) as { urls: string[] }).urls;
      const json = { title: `Crash project ${index}`, description: '', category: 'Illustration', tags: ['crash'], images: [imageUrl] };
      const created = await attempt('create project', (signal) => api.request('POST', '/api/projects', { cookie: owner.cookie, json, signal }));
      if (created.outcome === 'unknown') ledger.unknown.projects += 1;
      if (!ok(created)) continue;
      const project = JSON.parse(created.body) as { id: number; slug: string };
      ledger.projects.push({ id: project.id, slug: project.slug, ownerId: owner.id, imageUrl: imageUrl! });
    }
  }

  async function likes(random: () => number): Promise<void> {
    while (running) {
      if (ledger.projects.length === 0) {
        await sleep(RETRY_PAUSE_MS);
        continue;
      }
      const member = members[Math.floor(random() * members.length)]!;
      const project = ledger.projects[Math.floor(random() * ledger.projects.length)]!;
      const pair = `${member.id}:${project.id}`;
      const result = await attempt('like', (signal) => api.request('POST', `/api/projects/${project.id}/like`, { cookie: member.cookie, signal }));
      // One loop toggles every pair in turn, so the last answer is the pair's state.
      if (ok(result)) ledger.likes.set(pair, (JSON.parse(result.body) as { liked: boolean }).liked);
      else if (result.outcome === 'unknown') {
        ledger.unknown.likes += 1;
        ledger.likes.set(pair, 'unknown');
      }
    }
  }

  return {
    ledger,
    /** Starts the loops; `stop()` ends them after the write each is making. */
    start(random: () => number): Promise<void[]> {
      return Promise.all([signUps(), projects(), likes(random)]);
    },
    stop() {
      running = false;
    },
  };
}
