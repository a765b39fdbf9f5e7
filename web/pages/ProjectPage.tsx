// Project detail (SPEC §2): every media file at detail size, the creator and actions beside them,
// then similar projects. The parameter is an id when numeric, else a slug.
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { altText, displayName, longDate } from '@shared/format';
import type { TMedia } from '@shared/schemas/media';
import type { TProject } from '@shared/schemas/project';
import { useCurrentUser } from '@/api/auth';
import { useProject, useRememberFollow } from '@/api/projects';
import { useSiteName } from '@/api/site';
import { MatureCover, useMatureConcealed } from '@/components/media/MatureCover';
import { CommentsSection } from '@/components/comments/CommentsSection';
import { ProjectMedia } from '@/components/media/ProjectMedia';
import { PageContainer } from '@/components/page/PageContainer';
import { CreatorPanel } from '@/components/project/CreatorPanel';
import { LikeButton } from '@/components/project/LikeButton';
import { ProjectNotFound } from '@/components/project/ProjectNotFound';
import { HiddenNotice } from '@/components/moderation/HiddenNotice';
import { ReportButton } from '@/components/moderation/ReportButton';
import { MadeWithBadge, PromptPanel, projectAiMetadata } from '@/components/project/PromptPanel';
import { ShareMenu } from '@/components/project/ShareMenu';
import { SaveButton } from '@/components/collections/SaveToCollection';
import { SimilarProjects } from '@/components/project/SimilarProjects';
import { StaffMatureControl } from '@/components/project/StaffMatureControl';
import { CommentCount } from '@/components/project/CommentCount';
import { ViewCount } from '@/components/project/ViewCount';
import { Skeleton } from '@/components/ui/skeleton';
import { TagChips } from '@/components/ui/tag-chip';
import { useProjectMeta } from '@/hooks/useProjectMeta';

/** SPEC §9: detail media fit inside 800×600. */
const DETAIL_BOX = { width: 800, height: 600 };

/** The widest a file can be shown while fitting the detail box; null when its size is unknown. */
function fittedWidth(media: TMedia): number | null {
  const width = media.variants.detail?.width ?? media.width;
  const height = media.variants.detail?.height ?? media.height;
  if (!width || !height) return null;
  return Math.floor(Math.min(DETAIL_BOX.width, width, (DETAIL_BOX.height * width) / height));
}

export default function ProjectPage() {
  const { slug = '' } = useParams();
  const project = useProject(slug);
  useProjectMeta(project.data);

  // A failed refresh (after a like, say) keeps the project on screen; only a failed first load is 'not found'.
  if (project.data) return <ProjectDetail key={project.data.id} project={project.data} />;
  if (project.isError) return <ProjectNotFound />;
  return <ProjectSkeleton />;
}

function ProjectDetail({ project }: { project: TProject }) {
  const siteName = useSiteName();
  const rememberFollow = useRememberFollow(project.user.id);
  const { user, isSignedIn } = useCurrentUser();
  const creatorName = displayName(project.user);
  const alt = altText({ title: project.title, description: project.description, category: project.category, creatorName }, siteName);
  const aiMetadata = projectAiMetadata(project.media);
  const concealed = useMatureConcealed(project);
  const hidden = project.moderation;

  return (
    <PageContainer>
      <Link to="/" className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-zinc-600 hover:text-ink">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Projects
      </Link>

      {hidden && (
        <div className="mt-6">
          <HiddenNotice note={hidden} what="project" />
        </div>
      )}

      <header className="mt-6 flex flex-col gap-3">
        <h1 className="text-3xl font-semibold tracking-tight break-words">{project.title}</h1>
        <div className="flex flex-wrap items-center gap-3 text-[13px] text-zinc-600">
          <span>by {creatorName}</span>
          <span aria-hidden>·</span>
          <span>Published {longDate(project.createdAt)}</span>
          <MadeWithBadge metadata={aiMetadata} />
          {project.isMature && <span className="rounded-md bg-zinc-100 px-1.5 py-0.5 font-medium text-zinc-700">Mature</span>}
        </div>
      </header>

      {/* Phones: media, then the creator and actions, then the details. Wide screens: the panel sticks beside both. */}
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,800px)_minmax(280px,360px)] lg:grid-rows-[auto_1fr] lg:justify-between lg:gap-x-10">
        <ul className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1" aria-label="Project media">
          {project.media.map((media, index) => {
            const width = fittedWidth(media);
            return (
              <li key={media.id} className="relative w-full" style={width ? { maxWidth: width } : undefined}>
                <ProjectMedia media={media} variant="detail" alt={alt} priority={index === 0} className="rounded-xl" isOwner={user?.id === project.user.id} concealed={concealed} />
                {concealed && <MatureCover project={project} className="rounded-xl" />}
              </li>
            );
          })}
        </ul>

        <aside aria-label="Creator and actions" className="flex flex-col gap-6 self-start rounded-xl border border-zinc-200 p-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <CreatorPanel
            creator={project.user}
            // Signed out, nobody is followed; signed in, the server says (see FollowButton).
            project={{ id: project.id, title: project.title, isFollowing: isSignedIn && project.isFollowing }}
            isOwnProject={user?.id === project.user.id}
            onFollowChange={rememberFollow}
          />
          <div className="flex items-center justify-between gap-3 border-t border-zinc-200 pt-5">
            <LikeButton projectId={project.id} liked={project.isLiked} likes={project.likes} size="md" className="-ml-4" />
            <div className="flex items-center gap-4">
              <CommentCount count={project.commentsCount} size="md" href="#comments" />
              <ViewCount views={project.views} size="md" />
            </div>
          </div>
          <div className="flex flex-col gap-3">
            <SaveButton project={{ id: project.id, title: project.title }} className="w-full" />
            <ShareMenu projectId={project.id} title={project.title} />
          </div>
          <StaffMatureControl project={project} />
          <ReportButton targetType="project" targetId={project.id} label={project.title} ownerId={project.user.id} className="-ml-3 self-start" />
        </aside>

        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-2">
          {project.description && <p className="text-base leading-relaxed whitespace-pre-line text-zinc-800">{project.description}</p>}

          <TagChips tags={project.tags} size="md" />

          <PromptPanel metadata={aiMetadata} />
        </div>
      </div>

      <CommentsSection projectId={project.id} count={project.commentsCount} />

      <SimilarProjects projectId={project.id} />

      <Link to="/" className="mt-12 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-zinc-600 hover:text-ink">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Home
      </Link>
    </PageContainer>
  );
}

/** Page-shaped placeholder while the project loads, so nothing jumps when it arrives. */
function ProjectSkeleton() {
  return (
    <PageContainer>
      <span role="status" className="sr-only">
        Loading project...
      </span>
      <Skeleton className="h-5 w-36" />
      <Skeleton className="mt-6 h-9 w-2/3 max-w-lg" />
      <Skeleton className="mt-3 h-4 w-64" />
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,800px)_minmax(280px,360px)] lg:justify-between">
        <Skeleton className="aspect-[4/3] w-full rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    </PageContainer>
  );
}
