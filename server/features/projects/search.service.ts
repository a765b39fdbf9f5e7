import type { TProject } from '../../../shared/schemas/project';
import type { TContext } from '../../context';
import type { TPage } from '../../http/paging';
import { orderTags, PROJECT_LISTS_TAG, projectListTags, SEARCH_RESULTS_TAG } from '../../lib/cache-tags';
import { cardsAsMemberSees, hydrateProjects, matureFilter } from './projects.service';
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
  const { rows, total } = await searchProjects(ctx.db, ctx.engine, { terms, sort: query.sort, categories: query.category, limit: query.limit, offset, ...audience });
  const hasMore = rows.length > query.limit && offset + query.limit < MAX_OFFSET;
  return {
    items: await hydrateProjects(ctx, rows.slice(0, query.limit), null, 'card'),
    nextCursor: hasMore ? String(offset + query.limit) : null,
    total,
  };
}

/**
 * A search page is the same for every member (mature work in, unlike visitors') but for their
 * likes and follows, as a gallery page is: one copy per page is shared by all members, cached
 * under the visitors' search tags, and each member's part comes from two small queries over its
 * cards. (A full-text search ranked over every project cost tens of ms on every member's request.)
 */
async function membersSearchPage(ctx: TContext, terms: string[], query: TSearchQuery, offset: number, viewerId: number): Promise<TSearchPage> {
  const key = `members-search:${JSON.stringify([terms, query.sort, query.category, query.limit, offset])}`;
  let page = ctx.readCache.get<TSearchPage>(key);
  if (!page) {
    const ticket = ctx.readCache.ticket();
    page = await searchPage(ctx, terms, query, offset, {});
    ctx.readCache.set(key, page, ticket, { tags: projectListTags(page.items, [PROJECT_LISTS_TAG, SEARCH_RESULTS_TAG, ...orderTags(query.sort)]) });
  }
  return { ...page, items: await cardsAsMemberSees(ctx, page.items, viewerId) };
}
