// A gallery card (DESIGN): 4:3 media with a hover title on wide screens, then title, creator, tags and counts.
import { Eye, Play } from 'lucide-react';
import { Link } from 'react-router';
import { altText, compactCount, displayName } from '@shared/format';
import { mediaKindFromUrl } from '@shared/schemas/media';
import type { TProject } from '@shared/schemas/project';
import { useSiteName } from '@/api/site';
import { ProjectMedia, ProjectMediaPlaceholder } from '@/components/media/ProjectMedia';
import { LikeButton } from '@/components/project/LikeButton';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/user/UserAvatar';

/** Tags shown on a card; the project page lists them all. */
const CARD_TAGS = 3;

/** SPEC §2: the link uses the slug, else the id. */
export function projectPath(project: Pick<TProject, 'id' | 'slug'>): string {
  return `/project/${project.slug || project.id}`;
}

/** A creator's public page. */
export function creatorPath(userId: number): string {
  return `/creator/${userId}`;
}

interface ProjectCardProps {
  project: TProject;
  priority?: boolean;
  /** Clicking a tag chip filters the gallery by that tag. */
  onTagClick?: (tag: string) => void;
}

export function ProjectCard({ project, priority = false, onTagClick }: ProjectCardProps) {
  const siteName = useSiteName();
  const creator = displayName(project.user);
  const cover = project.media[0] ?? project.images[0] ?? '';
  const kind = typeof cover === 'string' ? mediaKindFromUrl(cover) : cover.type;
  const href = projectPath(project);
  const alt = altText({ title: project.title, description: project.description, category: project.category, creatorName: creator }, siteName);

  return (
    <article className="group flex flex-col gap-3" data-project-id={project.id}>
      {/* The title link below is the keyboard stop; this one is the big click target. */}
      <Link to={href} tabIndex={-1} className="relative block overflow-hidden rounded-xl transition-shadow duration-200 ease-out group-hover:shadow-lg">
        <ProjectMedia media={cover} variant="card" alt={alt} priority={priority} />
        {kind !== 'image' && (
          <span className="absolute top-3 right-3 inline-flex items-center gap-1 rounded-md bg-black/60 px-1.5 py-0.5 text-[11px] font-semibold text-white uppercase">
            {kind === 'video' ? <Play className="h-3 w-3 fill-current" aria-label="Video" /> : 'GIF'}
          </span>
        )}
        <span
          aria-hidden
          className="absolute inset-0 hidden items-end bg-linear-to-t from-black/70 via-black/10 to-transparent p-4 opacity-0 transition-opacity duration-200 ease-out group-hover:opacity-100 xl:flex"
        >
          <span className="line-clamp-2 text-[15px] font-medium text-white">{project.title}</span>
        </span>
      </Link>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h3 className="truncate text-[15px] font-medium">
            <Link to={href} className="rounded-sm hover:text-accent">
              {project.title}
            </Link>
          </h3>
          <div className="flex min-w-0 items-center gap-2 text-[13px] text-zinc-600">
            <UserAvatar user={project.user} size="sm" />
            {/* Its own link beside the project's, never inside it. */}
            <Link to={creatorPath(project.user.id)} className="truncate rounded-sm hover:text-accent">
              {creator}
            </Link>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1 text-[13px] text-zinc-600">
          <span className="inline-flex items-center gap-1 px-1 tabular-nums" title={`${project.views.toLocaleString()} views`}>
            <Eye className="h-4 w-4" aria-hidden />
            {compactCount(project.views)}
            <span className="sr-only">views</span>
          </span>
          <LikeButton projectId={project.id} liked={project.isLiked} likes={project.likes} size="sm" />
        </div>
      </div>
      {project.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {project.tags.slice(0, CARD_TAGS).map((tag) => (
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
    </article>
  );
}

/** Same footprint as a real card, so the grid does not jump when projects arrive. */
export function ProjectCardSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-3">
      <ProjectMediaPlaceholder className="rounded-xl" />
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-1 flex-col gap-1.5">
          <Skeleton className="h-[22px] w-3/4" />
          <div className="flex items-center gap-2">
            <Skeleton className="h-8 w-8 rounded-full" />
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
        <Skeleton className="h-8 w-20" />
      </div>
      <Skeleton className="h-[22px] w-1/2 rounded-full" />
    </div>
  );
}
