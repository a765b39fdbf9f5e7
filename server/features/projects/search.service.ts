import type { TProject } from '../../../shared/schemas/project';
import type { TContext } from '../../context';
import type { TPage } from '../../http/paging';
import { hydrateProjects, matureFilter } from './projects.service';
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

export async function search(ctx: TContext, text: string, query: TSearchQuery, viewerId: number | null): Promise<TPage<TProject> & { total: number }> {
  const terms = searchTerms(text);
  if (!terms.length) return { items: [], nextCursor: null, total: 0 };
  const offset = Math.min(MAX_OFFSET, Math.max(0, Number.parseInt(query.cursor ?? '0', 10) || 0));
  const { rows, total } = await searchProjects(ctx.db, ctx.engine, { terms, sort: query.sort, categories: query.category, limit: query.limit, offset, ...matureFilter(viewerId) });
  const hasMore = rows.length > query.limit && offset + query.limit < MAX_OFFSET;
  return {
    items: await hydrateProjects(ctx, rows.slice(0, query.limit), viewerId, 'card'),
    nextCursor: hasMore ? String(offset + query.limit) : null,
    total,
  };
}
