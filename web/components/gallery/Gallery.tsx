// The project gallery (SPEC §2): sort, category and tag filters applied by the server, 12 at a time.
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { UPLOAD_CATEGORIES } from '@shared/constants';
import type { TProject, TProjectSort } from '@shared/schemas/project';
import type { TPage } from '@/api/paged';
import { PROJECTS_KEY, useProjectList } from '@/api/projects';
import { HydrateLater } from '@/components/page/HydrateLater';
import { ActiveFilters, type TActiveFilter } from './ActiveFilters';
import { FilterMenu } from './FilterMenu';
import { FollowingEmpty, GalleryEmpty, GalleryNoMatch } from './GalleryStates';
import { ProjectPages } from './ProjectPages';
import { SortButtons, type THomeSort } from './SortButtons';

/** Tag choices offered in the menu: the most used among the loaded projects. */
const TAG_CHOICES = 30;

/** The heading names what is shown: SPEC §2's featured gallery is the default (trending) sort. */
const HEADINGS: Record<THomeSort, string> = {
  trending: 'Featured Projects',
  recent: 'Recent Projects',
  popular: 'Popular Projects',
  following: 'Following',
};

interface TSelection {
  sort: THomeSort;
  categories: string[];
  tags: string[];
}

const NO_FILTERS: TSelection = { sort: 'trending', categories: [], tags: [] };

const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

/** The selected tags first, then the loaded projects' tags by how often they appear. */
function tagChoices(projects: TProject[], selected: string[]): string[] {
  const counts = new Map<string, number>();
  for (const project of projects) for (const tag of project.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  // Ties by code point, not localeCompare: a page's first collator costs Chromium ~20 ms of ICU set-up.
  const popular = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([tag]) => tag);
  return [...selected, ...popular.filter((tag) => !selected.includes(tag))].slice(0, Math.max(TAG_CHOICES, selected.length));
}

/**
 * Cached lists keep every page they loaded; SPEC §2 wants a new sort or cleared filters to
 * start again at 12, also when going back to a list seen before, so each keeps its first page.
 */
function useKeepFirstPages() {
  const client = useQueryClient();
  return () =>
    client.setQueriesData<InfiniteData<TPage<TProject>, string | null>>({ queryKey: [PROJECTS_KEY] }, (data) =>
      data?.pages && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
}

/** `withFollowing`: a member's home, with the Following feed beside the sorts. */
export function Gallery({ withFollowing = false }: { withFollowing?: boolean }) {
  const [chosen, setSelection] = useState<TSelection>(NO_FILTERS);
  // Signing out while on the feed falls back to the default sort.
  const selection: TSelection = chosen.sort === 'following' && !withFollowing ? { ...chosen, sort: 'trending' } : chosen;
  const following = selection.sort === 'following';
  const keepFirstPages = useKeepFirstPages();
  const list = useProjectList(following ? { sort: 'recent', feed: 'following' } : { sort: selection.sort as TProjectSort, categories: selection.categories, tags: selection.tags });
  const projects = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const tags = useMemo(() => tagChoices(projects, selection.tags), [projects, selection.tags]);

  const select = (change: Partial<TSelection>) => {
    keepFirstPages();
    setSelection((current) => ({ ...current, ...change }));
  };
  const changeSort = (sort: THomeSort) => {
    if (sort !== selection.sort) select({ sort });
  };
  const clearFilters = () => select({ categories: [], tags: [] });
  const addTag = (tag: string) => {
    if (!selection.tags.includes(tag)) select({ tags: [...selection.tags, tag] });
  };
  const removeFilter = (filter: TActiveFilter) =>
    select(filter.kind === 'category' ? { categories: selection.categories.filter((c) => c !== filter.value) } : { tags: selection.tags.filter((t) => t !== filter.value) });

  const activeFilters: TActiveFilter[] = [
    ...selection.categories.map((value) => ({ kind: 'category' as const, value })),
    ...selection.tags.map((value) => ({ kind: 'tag' as const, value })),
  ];
  const filtered = !following && activeFilters.length > 0;
  const empty = following ? <FollowingEmpty /> : filtered ? <GalleryNoMatch onClear={clearFilters} /> : <GalleryEmpty />;

  return (
    <section data-tour="projects" aria-labelledby="gallery-heading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <h2 id="gallery-heading" className="text-2xl font-semibold">
          {HEADINGS[selection.sort]}
        </h2>
        <HydrateLater>
          <div className="flex flex-wrap items-center gap-2">
            <SortButtons value={selection.sort} onChange={changeSort} withFollowing={withFollowing} />
            {/* The feed is everything new from those followed: no filters. */}
            {!following && (
              <>
                <FilterMenu label="Categories" options={UPLOAD_CATEGORIES} selected={selection.categories} onToggle={(category) => select({ categories: toggle(selection.categories, category) })} />
                <FilterMenu label="Tags" options={tags} selected={selection.tags} onToggle={(tag) => select({ tags: toggle(selection.tags, tag) })} format={(tag) => `#${tag}`} />
              </>
            )}
          </div>
        </HydrateLater>
      </div>
      {!following && <ActiveFilters filters={activeFilters} onRemove={removeFilter} onClear={clearFilters} />}

      <ProjectPages list={list} onTagClick={following ? undefined : addTag} empty={empty} />
    </section>
  );
}
