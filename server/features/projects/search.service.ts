import type { TProject } from '../../../shared/schemas/project';
import type { TContext } from '../../context';
import type { TPage } from '../../http/paging';
import { listIdsTags, SEARCH_RESULTS_TAG } from '../../lib/cache-tags';
import { cardsAsMemberSees, matureFilter, sharedCards, sharedCardsByIds } from './projects.service';
import { searchTerms } from './search-terms';
import { searchProjects, type TSearchSort } from './search.repo';

/** Search pages go by offset (relevance has no stable key), bounded by the page size limit. */
const MAX_OFFSET = 10_000;

export interface TSearchQuery {
  sort: TSearchSort;
  category: string[];
  limit: number;
  cursor?: string | undefined;
}

type TSearchPage = TPage<TProject> & { total: number };

export async function search(ctx: TContext, text: string, query: TSearchQuery, viewerId: number | null): Promise<TSearchPage> {
  const terms = searchTerms(text);
  if (!terms.length) return { items: [], nextCursor: null, total: 0 };
  const offset = Math.min(MAX_OFFSET, Math.max(0, Number.parseInt(query.cursor ?? '0', 10) || 0));
  if (viewerId !== null) return membersSearchPage(ctx, terms, query, offset, viewerId);
  return searchPage(ctx, terms, query, offset, matureFilter(null));
}

async function searchPage(ctx: TContext, terms: string[], query: TSearchQuery, offset: number, audience: { excludeMature?: boolean }): Promise<TSearchPage> {
  const ticket = ctx.readCache.ticket();
  const { rows, total } = await searchProjects(ctx.db, ctx.engine, ctx.slowReads, { terms, sort: query.sort, categories: query.category, limit: query.limit, offset, ...audience });
  const hasMore = rows.length > query.limit && offset + query.limit < MAX_OFFSET;
  return {
    items: await sharedCards(ctx, rows.slice(0, query.limit), ticket),
    nextCursor: hasMore ? String(offset + query.limit) : null,
    total,
  };
}

/**
 * A search page is the same for every member (mature work in, unlike visitors') but for their
 * likes and follows, as a gallery page is: what is kept is which projects it found, in what
 * order, and how many in all, under the tags of what decides that (listIdsTags, and the names
 * searched: SEARCH_RESULTS_TAG); its cards are the shared ones. A full-text search ranked over
 * every project costs milliseconds: it no longer runs again for each like of a project it shows.
 */
async function membersSearchPage(ctx: TContext, terms: string[], query: TSearchQuery, offset: number, viewerId: number): Promise<TSearchPage> {
  const key = `members-search:${JSON.stringify([terms, query.sort, query.category, query.limit, offset])}`;
  const kept = ctx.readCache.get<TPage<number> & { total: number }>(key);
  if (kept) return { ...kept, items: await cardsAsMemberSees(ctx, await sharedCardsByIds(ctx, kept.items), viewerId) };
  const ticket = ctx.readCache.ticket();
  const page = await searchPage(ctx, terms, query, offset, {});
  ctx.readCache.set(key, { ...page, items: page.items.map((card) => card.id) }, ticket, { tags: [...listIdsTags(query.sort), SEARCH_RESULTS_TAG] });
  return { ...page, items: await cardsAsMemberSees(ctx, page.items, viewerId) };
}
