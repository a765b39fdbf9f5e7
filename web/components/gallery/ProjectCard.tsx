// A project in a list (DESIGN): as a card (4:3 media, a hover title on wide screens, then title,
// creator, counts and tags) or as a row for the list view (thumb beside them, with the description).
import { Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LIST_VIEW_TAGS } from '@shared/constants';
import { altText, displayName } from '@shared/format';
import type { TProject } from '@shared/schemas/project';
import { useSiteName } from '@/api/site';
import { MatureCover, useMatureConcealed } from '@/components/media/MatureCover';
import { ProjectMedia, ProjectMediaPlaceholder } from '@/components/media/ProjectMedia';
import { CommentCount } from '@/components/project/CommentCount';
import { LikeButton } from '@/components/project/LikeButton';
import { ViewCount } from '@/components/project/ViewCount';
import { Skeleton } from '@/components/ui/skeleton';
import { TagChips } from '@/components/ui/tag-chip';
import { UserAvatar } from '@/components/user/UserAvatar';
import { cn } from '@/lib/cn';
import { creatorPath, projectPath } from '@/lib/paths';

export type TProjectView = 'grid' | 'list';

const ROW = 'flex gap-4 rounded-xl p-2 sm:gap-6';
const THUMB = 'w-32 shrink-0 sm:w-56';

interface ProjectCardProps {
  project: TProject;
  view?: TProjectView;
  /** Load the media at once: the first cards on the page. */
  priority?: boolean;
  /** Clicking a tag chip filters the list by that tag. */
  onTagClick?: (tag: string) => void;
  /** Controls for this project (Edit, Delete), under the card or the row. */
  actions?: ReactNode;
}

export function ProjectCard({ project, view = 'grid', priority = false, onTagClick, actions }: ProjectCardProps) {
  const siteName = useSiteName();
  const creator = displayName(project.user);
  const cover = project.media[0];
  const href = projectPath(project);
  const alt = altText({ title: project.title, description: project.description, category: project.category, creatorName: creator }, siteName);
  const concealed = useMatureConcealed(project);

  const title = (
    <h3 className="truncate text-[15px] font-medium">
      <Link to={href} className="rounded-sm hover:text-accent">
        {project.title}
      </Link>
    </h3>
  );
  const byline = (
    <div className="flex min-w-0 items-center gap-2 text-[13px] text-zinc-600">
      <UserAvatar user={project.user} size="sm" />
      {/* Its own link beside the project's, never inside it. */}
      <Link to={creatorPath(project.user.id)} className="truncate rounded-sm hover:text-accent">
        {creator}
      </Link>
    </div>
  );
  const counts = (
    <div className="flex shrink-0 items-center gap-1">
      <ViewCount views={project.views} />
      <CommentCount count={project.commentsCount} />
      <LikeButton projectId={project.id} liked={project.isLiked} likes={project.likes} size="sm" />
    </div>
  );
  // Cards show as many tags as list rows (SPEC §9: up to 3); the project page lists them all.
  const tags = <TagChips tags={project.tags} max={LIST_VIEW_TAGS} onTagClick={onTagClick} />;
  const controls = actions && <div className="flex gap-2">{actions}</div>;

  if (view === 'list') {
    return (
      <article className={cn(ROW, 'transition-colors duration-150 ease-out hover:bg-zinc-50')} data-project-id={project.id}>
        {/* The title link is the keyboard stop and the name; the thumb is a second click target,
            kept out of the accessibility tree (it has no name until its image loads). */}
        <div className={cn(THUMB, 'relative')}>
          <Link to={href} tabIndex={-1} aria-hidden className="block overflow-hidden rounded-lg">
            <ProjectMedia media={cover} variant="card" alt={alt} priority={priority} concealed={concealed} />
          </Link>
          {concealed && <MatureCover project={project} compact className="rounded-lg" />}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2 py-1">
          {title}
          {byline}
          {project.description && <p className="hidden text-[13px] text-zinc-600 sm:line-clamp-2">{project.description}</p>}
          {tags}
          <div className="mt-auto">{counts}</div>
          {controls}
        </div>
      </article>
    );
  }

  return (
    <article className="group flex flex-col gap-3" data-project-id={project.id}>
      <div className="relative">
        {/* The title link below is the keyboard stop and the name; this one is the big click
            target, kept out of the accessibility tree (it has no name until its image loads). */}
        <Link to={href} tabIndex={-1} aria-hidden className="relative block overflow-hidden rounded-xl transition-shadow duration-200 ease-out group-hover:shadow-lg">
          <ProjectMedia media={cover} variant="card" alt={alt} priority={priority} concealed={concealed} />
          {cover && cover.type !== 'image' && (
            <span className="absolute top-3 right-3 inline-flex items-center gap-1 rounded-md bg-black/60 px-1.5 py-0.5 text-[11px] font-semibold text-white uppercase">
              {cover.type === 'video' ? <Play className="h-3 w-3 fill-current" aria-label="Video" /> : 'GIF'}
            </span>
          )}
          <span
            aria-hidden
            className="absolute inset-0 hidden items-end bg-linear-to-t from-black/70 via-black/10 to-transparent p-4 opacity-0 transition-opacity duration-200 ease-out group-hover:opacity-100 xl:flex"
          >
            <span className="line-clamp-2 text-[15px] font-medium text-white">{project.title}</span>
          </span>
        </Link>
        {concealed && <MatureCover project={project} className="rounded-xl" />}
      </div>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          {title}
          {byline}
        </div>
        {counts}
      </div>
      {tags}
      {controls}
    </article>
  );
}

/** Same footprint as a real card or row (with its controls when it has them), so nothing jumps when projects arrive. */
export function ProjectCardSkeleton({ view = 'grid', withActions = false }: { view?: TProjectView; withActions?: boolean }) {
  const lines = (
    <>
      <Skeleton className="h-[22px] w-3/4" />
      <div className="flex items-center gap-2">
        <Skeleton className="h-8 w-8 rounded-full" />
        <Skeleton className="h-4 w-24" />
      </div>
    </>
  );
  const controls = withActions && <Skeleton className="h-8 w-40" />;
  if (view === 'list') {
    return (
      <div aria-hidden className={ROW}>
        <ProjectMediaPlaceholder className={cn(THUMB, 'rounded-lg')} />
        <div className="flex flex-1 flex-col gap-2 py-1">
          {lines}
          <Skeleton className="hidden h-4 w-full sm:block" />
          <Skeleton className="h-[22px] w-1/3 rounded-full" />
          <Skeleton className="h-8 w-24" />
          {controls}
        </div>
      </div>
    );
  }
  return (
    <div aria-hidden className="flex flex-col gap-3">
      <ProjectMediaPlaceholder className="rounded-xl" />
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-1 flex-col gap-1.5">{lines}</div>
        <Skeleton className="h-8 w-20" />
      </div>
      <Skeleton className="h-[22px] w-1/2 rounded-full" />
      {controls}
    </div>
  );
}
