// /search (SPEC §2 Search, issue 4): full-text search with category filters, sort and two views.
import { useState } from 'react';
import { hasSearchTerms, SEARCH_SORTS, useSearch, type TSearchSort } from '@/api/search';
import type { TProjectView } from '@/components/gallery/ProjectCard';
import { ProjectPages } from '@/components/gallery/ProjectPages';
import { SortSelect } from '@/components/gallery/SortSelect';
import { ViewToggle } from '@/components/gallery/ViewToggle';
import { PageContainer } from '@/components/page/PageContainer';
import { CategoryFilters } from '@/components/search/CategoryFilters';
import { PopularSearches } from '@/components/search/PopularSearches';
import { SearchBox } from '@/components/search/SearchBox';
import { SearchNoResults, SearchPrompt } from '@/components/search/SearchStates';
import { useSearchQuery } from '@/components/search/useSearchQuery';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { wholeNumber } from '@shared/format';

const SORT_LABELS: Record<TSearchSort, string> = { relevance: 'Relevance', recent: 'Recent', popular: 'Popular' };
const SORT_OPTIONS = SEARCH_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

export default function SearchPage() {
  const [query, search] = useSearchQuery();
  const [sort, setSort] = useState<TSearchSort>('relevance');
  const [categories, setCategories] = useState<string[]>([]);
  const [view, setView] = useState<TProjectView>('grid');
  const results = useSearch({ query, sort, categories });
  // Without a letter or digit there is nothing to search for: no matches, without asking.
  const searchable = hasSearchTerms(query);
  const total = searchable ? (results.data?.pages[0]?.total ?? undefined) : 0;
  const noResults = <SearchNoResults query={query} filtered={categories.length > 0} onClearFilters={() => setCategories([])} />;

  useDocumentTitle(
    query ? `Search Results for "${query}"` : 'Search',
    query ? `AI projects matching "${query}": images, animation and design by AI creators.` : 'Search AI projects by title, description, tag and creator.',
  );

  return (
    <PageContainer className="flex flex-col gap-8">
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-semibold break-words">{query ? `Search Results for "${query}"` : 'Search Projects'}</h1>
        {/* A new key shows the new term in the box after a hand-off or a popular search. */}
        <SearchBox key={query} initialQuery={query} onSearch={search} />
        <PopularSearches onPick={search} />
      </div>

      {query ? (
        <div className="grid gap-8 lg:grid-cols-[200px_minmax(0,1fr)]">
          <aside aria-label="Search filters" className="lg:pt-1">
            <CategoryFilters selected={categories} onChange={setCategories} />
          </aside>
          <section aria-label="Search results" className="flex min-w-0 flex-col gap-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div aria-live="polite" className="text-sm text-zinc-600">
                {total !== undefined ? `${wholeNumber(total)} projects found` : results.isPending && <Skeleton className="h-4 w-32" />}
              </div>
              <div className="flex items-center gap-3">
                <SortSelect value={sort} options={SORT_OPTIONS} onChange={setSort} />
                <ViewToggle value={view} onChange={setView} />
              </div>
            </div>
            {searchable ? <ProjectPages list={results} view={view} empty={noResults} /> : noResults}
          </section>
        </div>
      ) : (
        <SearchPrompt />
      )}
    </PageContainer>
  );
}
