// What a server-rendered page was drawn from: the renderer asks the app's own API, and each
// cached answer it gets names its tags here, so the page is cached with all of them and is
// forgotten when any of them changes (server/http/spa.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TCacheTag } from '../lib/read-cache';

interface TCollector {
  /** The address of the visitor the page is rendered for: the renderer asks as them. */
  visitorIp: string;
  tags: Set<TCacheTag>;
  /** Answers the page shows, and how many of them named their tags. */
  shown: number;
  tagged: number;
}

const collectors = new AsyncLocalStorage<TCollector>();

/** The tags of every answer `work` was given; null when an answer it shows has none (it cannot be cached). */
export async function collectAnswerTags<T>(visitorIp: string, work: () => Promise<T>): Promise<{ result: T; tags: TCacheTag[] | null }> {
  const collector: TCollector = { visitorIp, tags: new Set(), shown: 0, tagged: 0 };
  const result = await collectors.run(collector, work);
  return { result, tags: collector.tagged === collector.shown ? [...collector.tags] : null };
}

/** A cached route's answer (hit or miss) while a page is being rendered: what it shows. */
export function reportAnswerTags(tags: readonly TCacheTag[]): void {
  const collector = collectors.getStore();
  if (!collector) return;
  collector.tagged += 1;
  for (const tag of tags) collector.tags.add(tag);
}

/** The renderer got an answer it will show (a 200). */
export function countShownAnswer(): void {
  const collector = collectors.getStore();
  if (collector) collector.shown += 1;
}

/** Whom the page being rendered is for; undefined outside a render. */
export function renderingForAddress(): string | undefined {
  return collectors.getStore()?.visitorIp;
}
