// A paged grid of project cards with the gallery's states: the profile tabs and creator pages use it.
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TProject } from '@shared/schemas/project';
import type { TPage } from '@/api/paged';
import { GalleryError, GalleryLoading, GRID } from '@/components/gallery/GalleryStates';
import { ProjectCard } from '@/components/gallery/ProjectCard';
import { Button } from '@/components/ui/button';

interface ProjectGridProps {
  list: UseInfiniteQueryResult<InfiniteData<TPage<TProject>>>;
  /** Shown when there is nothing to list. */
  empty: ReactNode;
  /** Controls under each card (Edit, Delete). */
  actions?: (project: TProject) => ReactNode;
}

export function ProjectGrid({ list, empty, actions }: ProjectGridProps) {
  const projects = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <GalleryLoading />;
  if (list.isError && projects.length === 0) return <GalleryError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (projects.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-8">
      <div className={GRID}>
        {projects.map((project) =>
          actions ? (
            <div key={project.id} className="flex flex-col gap-3">
              <ProjectCard project={project} />
              <div className="flex gap-2">{actions(project)}</div>
            </div>
          ) : (
            <ProjectCard key={project.id} project={project} />
          ),
        )}
      </div>
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

/** The designed empty state: an icon, what is missing, one action. */
export function EmptyProjects({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-16 text-center">
      {icon}
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-zinc-600">{text}</p>
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
