// /category/{category} (SPEC §2 Category, issue 4): a category's projects with its fixed words,
// real figures from the database, sort, grid or list, and tag filters applied by the server.
import { SlidersHorizontal } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { TRENDING_CATEGORIES } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { useCategorySummaries } from '@/api/categories';
import { categoryPath, useProjectList } from '@/api/projects';
import { CategoryEmpty } from '@/components/category/CategoryEmpty';
import { CategoryHeader } from '@/components/category/CategoryHeader';
import { TagFilterPanel } from '@/components/category/TagFilterPanel';
import { GalleryNoMatch } from '@/components/gallery/GalleryStates';
import type { TProjectView } from '@/components/gallery/ProjectCard';
import { ProjectPages } from '@/components/gallery/ProjectPages';
import { GALLERY_SORTS, type TGallerySort } from '@/components/gallery/SortButtons';
import { SortSelect } from '@/components/gallery/SortSelect';
import { ViewToggle } from '@/components/gallery/ViewToggle';
import { PageContainer } from '@/components/page/PageContainer';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { categoryContent, uploadCategoryOf } from '@/lib/category-content';

/** The related tags first, then the loaded projects' tags, each once whatever its letter case. */
function tagChoices(related: readonly string[], projects: TProject[], selected: string[]): string[] {
  const seen = new Set<string>();
  const choices: string[] = [];
  for (const tag of [...selected, ...related, ...projects.flatMap((project) => project.tags)]) {
    const key = tag.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      choices.push(tag);
    }
  }
  return choices;
}

export default function CategoryPage() {
  // React Router hands the parameter over URL-decoded ('Web%20Design' is 'Web Design').
  const param = useParams().category ?? '';
  // The server matches categories exactly, so '/category/web design' asks for 'Web Design'.
  const name = uploadCategoryOf(param) ?? param.trim();
  // Another category starts with its own sort, view and filters.
  return <CategoryView key={name} name={name} />;
}

function CategoryView({ name }: { name: string }) {
  const content = categoryContent(name);
  const [sort, setSort] = useState<TGallerySort>('trending');
  const [tags, setTags] = useState<string[]>([]);
  const [view, setView] = useState<TProjectView>('grid');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();

  const summaries = useCategorySummaries();
  const list = useProjectList({ sort, tags }, categoryPath(name));
  const projects = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const tagOptions = useMemo(() => tagChoices(content.relatedTags, projects, tags), [content.relatedTags, projects, tags]);

  useDocumentTitle(name, content.description);

  // Every project's category is an upload category, so any other name truly has none.
  const summary = summaries.data ? (summaries.data.find((candidate) => candidate.name === name) ?? { projects: 0, creators: 0 }) : undefined;
  const toggleTag = (tag: string) => setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));
  const addTag = (tag: string) => setTags((current) => (current.includes(tag) ? current : [...current, tag]));

  return (
    <PageContainer className="flex flex-col gap-8">
      <CategoryHeader name={name} trending={TRENDING_CATEGORIES.includes(name)} content={content} summary={summary} summaryPending={summaries.isPending} />

      <section aria-label={`${name} projects`} className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="outline" size="sm" aria-expanded={filtersOpen} aria-controls={filtersOpen ? panelId : undefined} onClick={() => setFiltersOpen((open) => !open)}>
            <SlidersHorizontal className="h-4 w-4" aria-hidden />
            Filters
            {tags.length > 0 && (
              <span className="rounded-full bg-accent px-1.5 text-[11px] leading-4 text-white" aria-label={`${tags.length} selected`}>
                {tags.length}
              </span>
            )}
          </Button>
          <div className="flex items-center gap-3">
            <SortSelect value={sort} options={GALLERY_SORTS} onChange={setSort} />
            <ViewToggle value={view} onChange={setView} />
          </div>
        </div>
        {filtersOpen && <TagFilterPanel id={panelId} tags={tagOptions} selected={tags} onToggle={toggleTag} onClear={() => setTags([])} />}
        <ProjectPages
          list={list}
          view={view}
          onTagClick={addTag}
          empty={tags.length > 0 ? <GalleryNoMatch onClear={() => setTags([])} /> : <CategoryEmpty name={name} />}
        />
      </section>
    </PageContainer>
  );
}
