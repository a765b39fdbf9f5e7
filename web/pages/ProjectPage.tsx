// Project detail (SPEC §2): every media file at detail size, the creator and actions beside them,
// then similar projects. The parameter is an id when numeric, else a slug. Its creator gets Edit and
// Delete instead of Follow and Hire Me, and lands here after publishing with a 'live' notice.
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { altText, displayName, longDate } from '@shared/format';
import type { TMedia } from '@shared/schemas/media';
import type { TProject } from '@shared/schemas/project';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '@/api/auth';
import { useProject, useRememberFollow } from '@/api/projects';
import { refreshCreator } from '@/api/users';
import { useSiteName } from '@/api/site';
import { MatureCover, useMatureConcealed } from '@/components/media/MatureCover';
import { CommentsSection } from '@/components/comments/CommentsSection';
import { ProjectMedia } from '@/components/media/ProjectMedia';
import { HydrateLater } from '@/components/page/HydrateLater';
import { PageContainer } from '@/components/page/PageContainer';
import { CreatorPanel } from '@/components/project/CreatorPanel';
import { LikeButton } from '@/components/project/LikeButton';
import { ProjectNotFound } from '@/components/project/ProjectNotFound';
import { isPublishedState, PublishedNotice } from '@/components/project/PublishedNotice';
import { DeleteProjectDialog } from '@/components/profile/DeleteProjectDialog';
import { Button } from '@/components/ui/button';
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
import { useHasBeenTrue } from '@/hooks/useHasBeenTrue';
import { useProjectMeta } from '@/hooks/useProjectMeta';

// Its owner's edit form (media, tags, the project schema) loads on their first Edit.
const EditProjectDialog = lazy(() => import('@/components/profile/EditProjectDialog'));

/** A tall file is not drawn taller than this share of the window: it narrows instead, centred. */
const MAX_MEDIA_VIEWPORT_HEIGHT = 0.85;

/**
 * Every media item fills the column's width at its own aspect ratio (small files are scaled up,
 * large ones down), unless that would make it taller than most of the window: then it is as wide
 * as that height allows, centred. Pure CSS, so the server's markup is the browser's.
 */
function mediaBoxStyle(media: TMedia): CSSProperties | undefined {
  const width = media.variants.detail?.width ?? media.variants.poster?.width ?? media.width;
  const height = media.variants.detail?.height ?? media.variants.poster?.height ?? media.height;
  if (!width || !height) return undefined;
  return { width: `min(100%, ${Math.round(MAX_MEDIA_VIEWPORT_HEIGHT * 100 * (width / height) * 100) / 100}vh)` };
}

export default function ProjectPage() {
  const { slug = '' } = useParams();
  const project = useProject(slug);
  useProjectMeta(project.data);
  const published = usePublishedNotice();

  // A failed refresh (after a like, say) keeps the project on screen; only a failed first load is 'not found'.
  if (project.data) {
    const data = project.data;
    const notice = published.projectId === data.id ? <PublishedNotice projectId={data.id} title={data.title} onDismiss={published.dismiss} /> : null;
    return <ProjectDetail key={data.id} project={data} notice={notice} />;
  }
  if (project.isError) return <ProjectNotFound />;
  return <ProjectSkeleton />;
}

/**
 * The project the member has just published, read once from the navigation state the upload page
 * sent: the state is cleared from the history entry at once, so a reload or coming back later shows
 * no notice, while this visit keeps it until dismissed.
 */
function usePublishedNotice(): { projectId: number | null; dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const [projectId, setProjectId] = useState<number | null>(() => (isPublishedState(location.state) ? location.state.publishedProjectId : null));
  const carried = isPublishedState(location.state);
  useEffect(() => {
    if (carried) void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [carried, navigate, location.pathname, location.search, location.hash]);
  return { projectId, dismiss: () => setProjectId(null) };
}

function ProjectDetail({ project, notice }: { project: TProject; notice: ReactNode }) {
  const siteName = useSiteName();
  const rememberFollow = useRememberFollow(project.user.id);
  const { user, isSignedIn } = useCurrentUser();
  const isOwner = user?.id === project.user.id;
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

      {notice}

      {hidden && (
        <div className="mt-6">
          <HiddenNotice note={hidden} what="project" />
        </div>
      )}

      <HydrateLater>
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
      </HydrateLater>

      {/* Phones: media, then the creator, actions and prompt, then the details. Wide screens: media
          fill the first column, the panel and the prompt sit right beside them. */}
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(300px,360px)] lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <ul className="flex min-w-0 flex-col items-center gap-4 lg:col-start-1 lg:row-start-1" aria-label="Project media">
          {project.media.map((media, index) => (
            <li key={media.id} className="relative w-full" style={mediaBoxStyle(media)}>
              {/* On the server's page each part below hydrates in a task of its own (each further
                  image or video once near the viewport). */}
              <HydrateLater whenNear>
                <ProjectMedia media={media} variant="detail" alt={alt} priority={index === 0} className="rounded-xl" isOwner={isOwner} concealed={concealed} />
                {concealed && <MatureCover project={project} className="rounded-xl" />}
              </HydrateLater>
            </li>
          ))}
        </ul>

        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <HydrateLater>
            <aside aria-label="Creator and actions" className="flex flex-col gap-6 rounded-xl border border-zinc-200 p-6">
              <CreatorPanel
                creator={project.user}
                // Signed out, nobody is followed; signed in, the server says (see FollowButton).
                project={{ id: project.id, title: project.title, isFollowing: isSignedIn && project.isFollowing }}
                isOwnProject={isOwner}
                onFollowChange={rememberFollow}
              />
              {isOwner && <OwnerControls project={project} />}
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
          </HydrateLater>
          <HydrateLater>
            <PromptPanel metadata={aiMetadata} />
          </HydrateLater>
        </div>

        <HydrateLater>
          <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-2">
            {project.description && <p className="text-base leading-relaxed whitespace-pre-line text-zinc-800">{project.description}</p>}

            <TagChips tags={project.tags} size="md" />
          </div>
        </HydrateLater>
      </div>

      <HydrateLater>
        <CommentsSection projectId={project.id} count={project.commentsCount} />
      </HydrateLater>

      <SimilarProjects projectId={project.id} />

      <Link to="/" className="mt-12 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-zinc-600 hover:text-ink">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Home
      </Link>
    </PageContainer>
  );
}

/** The creator's own controls: edit the project (media included) or delete it, then go to their profile. */
function OwnerControls({ project }: { project: TProject }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const editLoaded = useHasBeenTrue(editing);
  return (
    <div className="flex gap-2">
      <Button variant="outline" className="flex-1" onClick={() => setEditing(true)}>
        <Pencil className="h-4 w-4" aria-hidden />
        Edit
      </Button>
      <Button variant="outline" className="flex-1 text-red-700 hover:bg-red-50" onClick={() => setDeleting(true)}>
        <Trash2 className="h-4 w-4" aria-hidden />
        Delete
      </Button>
      {editLoaded && (
        <Suspense fallback={null}>
          <EditProjectDialog project={editing ? project : null} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
        </Suspense>
      )}
      <DeleteProjectDialog
        project={deleting ? project : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          void refreshCreator(client, project.user.id);
          void navigate('/profile');
        }}
      />
    </div>
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
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(300px,360px)]">
        <Skeleton className="aspect-[4/3] w-full rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    </PageContainer>
  );
}
