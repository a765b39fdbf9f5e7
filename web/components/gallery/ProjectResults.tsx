// A paged list of projects with its designed states (SPEC §2, §8): skeletons while loading,
// the error view with retry, an empty view chosen by the page, cards or rows, 'Load More Projects'.
import { useMemo, type ReactNode } from 'react';
import { PROJECT_SKELETONS } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { GalleryError, GalleryLoading, GRID } from './GalleryStates';
import { ProjectCard } from './ProjectCard';
import { ProjectListItem, ProjectListItemSkeleton } from './ProjectListItem';
import type { TProjectView } from './ViewToggle';

/** What this view needs from an infinite query over project pages (lists and search alike). */
export interface TProjectPages {
  data: { pages: { items: TProject[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

interface ProjectResultsProps {
  list: TProjectPages;
  view?: TProjectView;
  /** Shown when the first page comes back empty. */
  empty: ReactNode;
  onTagClick?: (tag: string) => void;
}

const LIST = 'flex flex-col gap-2';

/** Pages may overlap when projects arrive between two loads; each project shows once. */
function uniqueProjects(pages: { items: TProject[] }[]): TProject[] {
  const seen = new Set<number>();
  return pages
    .flatMap((page) => page.items)
    .filter((project) => {
      if (seen.has(project.id)) return false;
      seen.add(project.id);
      return true;
    });
}

export function ProjectResults({ list, view = 'grid', empty, onTagClick }: ProjectResultsProps) {
  const projects = useMemo(() => uniqueProjects(list.data?.pages ?? []), [list.data]);

  if (list.isPending) {
    return view === 'list' ? (
      <div role="status" aria-label="Loading projects" className={LIST}>
        {Array.from({ length: PROJECT_SKELETONS }, (_, index) => (
          <ProjectListItemSkeleton key={index} />
        ))}
      </div>
    ) : (
      <GalleryLoading />
    );
  }
  if (list.isError && projects.length === 0) return <GalleryError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (projects.length === 0) return <>{empty}</>;

  return (
    <div className="flex flex-col gap-8">
      {view === 'list' ? (
        <div className={LIST}>
          {projects.map((project) => (
            <ProjectListItem key={project.id} project={project} onTagClick={onTagClick} />
          ))}
        </div>
      ) : (
        <div className={GRID}>
          {projects.map((project) => (
            <ProjectCard key={project.id} project={project} onTagClick={onTagClick} />
          ))}
        </div>
      )}
      {list.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700">
          We couldn't load the projects. Please try again later.
        </p>
      )}
      {list.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" size="lg" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load More Projects
          </Button>
        </div>
      )}
    </div>
  );
}
