// A project as a list row (SPEC §2 list view): media thumb, title, creator, counts and up to 3 tags.
import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { LIST_VIEW_TAGS } from '@shared/constants';
import { altText, compactCount, displayName } from '@shared/format';
import type { TProject } from '@shared/schemas/project';
import { useSiteName } from '@/api/site';
import { ProjectMedia, ProjectMediaPlaceholder } from '@/components/media/ProjectMedia';
import { LikeButton } from '@/components/project/LikeButton';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/user/UserAvatar';
import { projectPath } from './ProjectCard';

/** SPEC §9: the list view shows up to 3 tags per project. */

const ROW = 'flex gap-4 rounded-xl p-2 sm:gap-6';
const THUMB = 'w-32 shrink-0 sm:w-56';

interface ProjectListItemProps {
  project: TProject;
  /** Clicking a tag chip filters the list by that tag. */
  onTagClick?: (tag: string) => void;
}

export function ProjectListItem({ project, onTagClick }: ProjectListItemProps) {
  const siteName = useSiteName();
  const creator = displayName(project.user);
  const cover = project.media[0] ?? project.images[0] ?? '';
  const href = projectPath(project);
  const alt = altText({ title: project.title, description: project.description, category: project.category, creatorName: creator }, siteName);

  return (
    <article className={`${ROW} transition-colors duration-150 ease-out hover:bg-zinc-50`} data-project-id={project.id}>
      {/* The title link is the keyboard stop; the thumb is a second click target. */}
      <Link to={href} tabIndex={-1} className={`${THUMB} block overflow-hidden rounded-lg`}>
        <ProjectMedia media={cover} variant="card" alt={alt} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 py-1">
        <h3 className="truncate text-[15px] font-medium">
          <Link to={href} className="rounded-sm hover:text-accent">
            {project.title}
          </Link>
        </h3>
        <div className="flex min-w-0 items-center gap-2 text-[13px] text-zinc-600">
          <UserAvatar user={project.user} size="sm" />
          <span className="truncate">{creator}</span>
        </div>
        {project.description && <p className="hidden text-[13px] text-zinc-600 sm:line-clamp-2">{project.description}</p>}
        {project.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {project.tags.slice(0, LIST_VIEW_TAGS).map((tag) => (
              <li key={tag}>
                {onTagClick ? (
                  <button
                    type="button"
                    onClick={() => onTagClick(tag)}
                    aria-label={`Filter by tag ${tag}`}
                    className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-[12px] text-zinc-700 transition-colors duration-150 ease-out hover:bg-violet-50 hover:text-accent"
                  >
                    #{tag}
                  </button>
                ) : (
                  <span className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-[12px] text-zinc-700">#{tag}</span>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex items-center gap-1 text-[13px] text-zinc-600">
          <span className="inline-flex items-center gap-1 px-1 tabular-nums" title={`${project.views.toLocaleString()} views`}>
            <Eye className="h-4 w-4" aria-hidden />
            {compactCount(project.views)}
            <span className="sr-only">views</span>
          </span>
          <LikeButton projectId={project.id} liked={project.isLiked} likes={project.likes} size="sm" />
        </div>
      </div>
    </article>
  );
}

/** Same footprint as a real row, so the list does not jump when projects arrive. */
export function ProjectListItemSkeleton() {
  return (
    <div aria-hidden className={ROW}>
      <ProjectMediaPlaceholder className={`${THUMB} rounded-lg`} />
      <div className="flex flex-1 flex-col gap-2 py-1">
        <Skeleton className="h-[22px] w-2/3" />
        <div className="flex items-center gap-2">
          <Skeleton className="h-8 w-8 rounded-full" />
          <Skeleton className="h-4 w-24" />
        </div>
        <Skeleton className="hidden h-4 w-full sm:block" />
        <Skeleton className="h-[22px] w-1/3 rounded-full" />
      </div>
    </div>
  );
}
