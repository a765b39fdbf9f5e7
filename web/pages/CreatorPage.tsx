// A creator's public page (issue 4, beyond SPEC): profile, links, followers, the invite tree and their work.
// Never the e-mail: GET /api/users/{id} does not carry it.
import { FolderHeart, Images, UserX } from 'lucide-react';
import { useParams } from 'react-router';
import { displayName } from '@shared/format';
import type { TCreatorProfile } from '@shared/schemas/creator';
import { ApiError } from '@/api/api-error';
import { useSiteName } from '@/api/site';
import { usePublicCollections } from '@/api/collections';
import { useCreatorProfile, useCreatorProjects } from '@/api/users';
import { CollectionGrid } from '@/components/collections/CollectionCards';
import { CreatorHeader } from '@/components/creator/CreatorHeader';
import { ProjectPages } from '@/components/gallery/ProjectPages';
import { NotFoundPanel } from '@/components/page/NotFoundPanel';
import { HydrateLater } from '@/components/page/HydrateLater';
import { PageContainer } from '@/components/page/PageContainer';
import { ProfileStats } from '@/components/profile/ProfileStats';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatePanel } from '@/components/ui/state-panel';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

/** For the moments the creator is not there yet: loading, or not loading. */
function useCreatorDescription(): string {
  return `A creator's portfolio of AI work on ${useSiteName()}.`;
}

export default function CreatorPage() {
  const { id = '' } = useParams();
  // Only a positive whole number can name a member; anything else is not found without asking.
  if (!/^[1-9]\d{0,15}$/.test(id)) return <CreatorNotFound />;
  return <Creator key={id} id={Number(id)} />;
}

function Creator({ id }: { id: number }) {
  const profile = useCreatorProfile(id);

  if (profile.data) return <CreatorDetail profile={profile.data} />;
  if (profile.isError) {
    const { error } = profile;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <CreatorNotFound />;
    return <CreatorLoadError retrying={profile.isFetching} onRetry={() => void profile.refetch()} />;
  }
  return <CreatorSkeleton />;
}

function CreatorLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  useDocumentTitle('Creator', useCreatorDescription());
  return (
    <PageContainer className="flex flex-col items-center gap-4 text-center">
      <p role="alert" className="text-zinc-700">
        We couldn't load this creator. Please try again later.
      </p>
      <Button variant="outline" busy={retrying} onClick={onRetry}>
        Try Again
      </Button>
    </PageContainer>
  );
}

function CreatorDetail({ profile }: { profile: TCreatorProfile }) {
  const projects = useCreatorProjects(profile.user.id);
  const name = displayName(profile.user);
  const siteName = useSiteName();
  useDocumentTitle(name, profile.user.bio?.trim() || `AI work by ${name} on ${siteName}.`);
  return (
    <PageContainer>
      <HydrateLater>
        <CreatorHeader profile={profile} />
      </HydrateLater>
      <div className="mt-8">
        <ProfileStats
          loading={false}
          stats={[
            { label: 'Projects', value: profile.stats.projects },
            { label: 'Likes', value: profile.stats.likes },
            { label: 'Views', value: profile.stats.views },
          ]}
        />
      </div>
      <section aria-labelledby="creator-projects-heading" className="mt-12 flex flex-col gap-6">
        <h2 id="creator-projects-heading" className="text-2xl font-semibold">
          Projects
        </h2>
        <ProjectPages list={projects} empty={<StatePanel icon={Images} title="No projects yet" text={`${name} hasn't shared any work yet.`} />} />
      </section>
      <HydrateLater>
        <CreatorCollections userId={profile.user.id} name={name} />
      </HydrateLater>
    </PageContainer>
  );
}

/** The creator's public collections; the section shows only when they have some. */
function CreatorCollections({ userId, name }: { userId: number; name: string }) {
  const collections = usePublicCollections(userId);
  const none = collections.isSuccess && collections.data.pages[0]?.items.length === 0;
  if (none) return null;
  return (
    <section aria-labelledby="creator-collections-heading" className="mt-12 flex flex-col gap-6">
      <h2 id="creator-collections-heading" className="text-2xl font-semibold">
        Collections
      </h2>
      <CollectionGrid list={collections} empty={<StatePanel icon={FolderHeart} title="No public collections" text={`${name} hasn't shared a collection yet.`} />} />
    </section>
  );
}

function CreatorNotFound() {
  return <NotFoundPanel icon={UserX} title="Creator not found" text="The creator you're looking for doesn't exist or has left the community." back={{ to: '/', label: 'Back to Home' }} />;
}

/** Page-shaped placeholder while the creator loads, so nothing jumps when they arrive. */
function CreatorSkeleton() {
  useDocumentTitle('Creator', useCreatorDescription());
  return (
    <PageContainer>
      <span role="status" className="sr-only">
        Loading creator...
      </span>
      <div className="flex items-start gap-5">
        <Skeleton className="h-20 w-20 rounded-full" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-full max-w-xl" />
        </div>
      </div>
      <Skeleton className="mt-8 h-24 w-full rounded-xl" />
    </PageContainer>
  );
}
