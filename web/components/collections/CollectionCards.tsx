// Collections as cards (the creator page's public ones, the profile's own): the latest saved
// project's cover, the name (the one link, to the collection's page), how many projects, and a
// lock on private ones.
import { FolderHeart, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TCollection } from '@shared/schemas/collection';
import { useCurrentUser } from '@/api/auth';
import { ProjectMedia } from '@/components/media/ProjectMedia';
import { GRID } from '@/components/gallery/ProjectPages';
import { GalleryError } from '@/components/gallery/GalleryStates';
import { LoadMore, type TMorePages } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { collectionPath } from '@/lib/paths';
import { wholeNumber } from '@shared/format';

export function CollectionCard({ collection }: { collection: TCollection }) {
  const { user } = useCurrentUser();
  const cover = collection.cover;
  // A mature cover stays blurred unless the viewer opted in (as mature cards do).
  const concealed = Boolean(cover?.isMature && !user?.showMature);
  const count = collection.projectCount;
  return (
    <article className="flex flex-col gap-3" data-collection-id={collection.id}>
      <div className="overflow-hidden rounded-xl">
        {cover ? (
          <ProjectMedia media={cover.media} variant="card" alt="" concealed={concealed} />
        ) : (
          <div aria-hidden className="flex aspect-[4/3] items-center justify-center bg-zinc-100 text-zinc-400">
            <FolderHeart className="h-10 w-10" />
          </div>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <h3 className="flex items-center gap-1.5 text-[15px] font-medium">
          <Link to={collectionPath(collection.id)} className="truncate rounded-sm hover:text-accent">
            {collection.name}
          </Link>
          {!collection.isPublic && <Lock className="h-3.5 w-3.5 shrink-0 text-zinc-500" aria-label="Private" />}
        </h3>
        <p className="text-[13px] text-zinc-600">
          {wholeNumber(count)} {count === 1 ? 'project' : 'projects'}
        </p>
      </div>
    </article>
  );
}

interface TCollectionPages extends TMorePages {
  data: { pages: { items: TCollection[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export function CollectionGrid({ list, empty }: { list: TCollectionPages; empty: ReactNode }) {
  const collections = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) {
    return (
      <div role="status" aria-label="Loading collections" className={GRID}>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="flex flex-col gap-3">
            <Skeleton className="aspect-[4/3] w-full rounded-xl" />
            <Skeleton className="h-[22px] w-1/2" />
          </div>
        ))}
      </div>
    );
  }
  if (list.isError && collections.length === 0) return <GalleryError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (collections.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-8">
      <ul className={GRID} aria-label="Collections">
        {collections.map((collection) => (
          <li key={collection.id}>
            <CollectionCard collection={collection} />
          </li>
        ))}
      </ul>
      <LoadMore pages={list} label="Load More Collections" failure="We couldn't load the collections. Please try again later." />
    </div>
  );
}
