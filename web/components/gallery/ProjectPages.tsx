// Every paged list of projects (SPEC §2, §8; DESIGN): the home gallery, search, categories, the
// inspiration tabs, the profile's tabs and creator pages. Skeletons the size of the cards while
// loading, the error view with retry, the page's own empty view, cards or rows with optional
// controls per project, each project once, and 'Load More Projects'.
import { useMemo, type ReactNode } from 'react';
import { PROJECT_SKELETONS } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { HydrateLater } from '@/components/page/HydrateLater';
import { LoadMore, type TMorePages } from '@/components/ui/load-more';
import { GalleryError } from './GalleryStates';
import { ProjectCard, ProjectCardSkeleton, type TProjectView } from './ProjectCard';

/** DESIGN: 1, 2, 3 or 4 columns at <640, ≥640, ≥1024 and ≥1280 px. */
export const GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
const LIST = 'flex flex-col gap-2';

/** What this view needs from a paged query over projects (usePagedList). */
interface TProjectPages extends TMorePages {
  data: { pages: { items: TProject[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

interface ProjectPagesProps {
  list: TProjectPages;
  view?: TProjectView;
  /** Shown when the first page comes back empty. */
  empty: ReactNode;
  onTagClick?: (tag: string) => void;
  /** Controls under each project (Edit, Delete). */
  actions?: (project: TProject) => ReactNode;
}

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

export function ProjectPages({ list, view = 'grid', empty, onTagClick, actions }: ProjectPagesProps) {
  const projects = useMemo(() => uniqueProjects(list.data?.pages ?? []), [list.data]);
  const layout = view === 'list' ? LIST : GRID;

  if (list.isPending) {
    return (
      <div role="status" aria-label="Loading projects" className={layout}>
        {Array.from({ length: PROJECT_SKELETONS }, (_, index) => (
          <ProjectCardSkeleton key={index} view={view} withActions={Boolean(actions)} />
        ))}
      </div>
    );
  }
  if (list.isError && projects.length === 0) return <GalleryError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (projects.length === 0) return <>{empty}</>;

  return (
    <div className="flex flex-col gap-8">
      <div className={layout}>
        {projects.map((project, index) => (
          // The first card's image is the page's largest paint: fetched at once, first. Each card
          // of a server-rendered page hydrates in a task of its own, once near the viewport.
          <HydrateLater key={project.id} whenNear>
            <ProjectCard project={project} view={view} priority={index === 0} onTagClick={onTagClick} actions={actions?.(project)} />
          </HydrateLater>
        ))}
      </div>
      <LoadMore pages={list} label="Load More Projects" failure="We couldn't load the projects. Please try again later." />
    </div>
  );
}
