import { MutationObserver, QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TProject } from '@shared/schemas/project';
import type { TPage } from './paged';
import { likeProjectMutation } from './projects';

afterEach(() => {
  vi.unstubAllGlobals();
});

function buildProject(id: number, changes: Partial<TProject> = {}): TProject {
  return {
    id,
    slug: `project-${id}`,
    title: `Project ${id}`,
    description: null,
    category: 'Illustration',
    categories: ['Illustration'],
    images: [],
    media: [],
    tags: ['koi'],
    likes: 3,
    views: 10,
    commentsCount: 0,
    isLiked: false,
    hidePrompt: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    user: {
      id: 1,
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: null,
      website: null,
      location: null,
      profileImageUrl: null,
      title: null,
      twitterUrl: null,
      dribbbleUrl: null,
      behanceUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    isFollowing: false,
    ...changes,
  };
}

const pages = (...lists: TProject[][]): InfiniteData<TPage<TProject>, string | null> => ({
  pages: lists.map((items, index) => ({ items, nextCursor: index < lists.length - 1 ? `c${index + 1}` : null, total: null })),
  pageParams: lists.map((_, index) => (index === 0 ? null : `c${index}`)),
});

describe('liking a project', () => {
  it("writes the server's liked and newCount into every cached copy and loads only the liked list again", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const liked = buildProject(7);
    const other = buildProject(8);
    const galleryKey = ['/api/projects', { sort: 'trending' }];
    const searchKey = ['/api/projects/search/koi', { sort: 'relevance' }];
    const creatorKey = ['/api/users/1/projects', { sort: 'recent' }];
    const untouchedKey = ['/api/projects/category/Print', { sort: 'trending' }];
    client.setQueryData(galleryKey, pages([other], [liked]));
    client.setQueryData(searchKey, pages([liked, other]));
    client.setQueryData(creatorKey, pages([other, liked]));
    client.setQueryData(untouchedKey, pages([other]));
    client.setQueryData(['/api/projects/7'], liked);
    client.setQueryData(['/api/projects/slug/project-7'], liked);
    client.setQueryData(['/api/projects/8'], other);
    client.setQueryData(['/api/projects/similar/8'], [liked]);
    client.setQueryData(['/api/projects/liked', {}], pages([other]));
    const before = { untouched: client.getQueryData(untouchedKey), otherDetail: client.getQueryData(['/api/projects/8']) };

    // Every list is on screen; any of them asking the server again would call its queryFn.
    const refetched: string[] = [];
    const observe = (queryKey: unknown[]) =>
      new QueryObserver(client, { queryKey, queryFn: () => (refetched.push(String(queryKey[0])), Promise.resolve(client.getQueryData(queryKey))) }).subscribe(() => {});
    for (const key of [galleryKey, searchKey, creatorKey, untouchedKey, ['/api/projects/7'], ['/api/projects/similar/8'], ['/api/projects/liked', {}]]) observe(key);

    const fetch = vi.fn(async () => Response.json({ liked: true, newCount: 4 }));
    vi.stubGlobal('fetch', fetch);
    await new MutationObserver(client, likeProjectMutation(client)).mutate(7);

    expect(fetch).toHaveBeenCalledTimes(1);
    const likedNow = { ...liked, isLiked: true, likes: 4 };
    expect(client.getQueryData<InfiniteData<TPage<TProject>>>(galleryKey)?.pages.map((page) => page.items)).toEqual([[other], [likedNow]]);
    expect(client.getQueryData<InfiniteData<TPage<TProject>>>(searchKey)?.pages[0]?.items).toEqual([likedNow, other]);
    expect(client.getQueryData<InfiniteData<TPage<TProject>>>(creatorKey)?.pages[0]?.items).toEqual([other, likedNow]);
    expect(client.getQueryData(['/api/projects/7'])).toEqual(likedNow);
    expect(client.getQueryData(['/api/projects/slug/project-7'])).toEqual(likedNow);
    expect(client.getQueryData(['/api/projects/similar/8'])).toEqual([likedNow]);

    // The other project's data objects are the very same ones; a list without the project is untouched.
    expect(client.getQueryData<InfiniteData<TPage<TProject>>>(galleryKey)?.pages[0]?.items[0]).toBe(other);
    expect(client.getQueryData<InfiniteData<TPage<TProject>>>(searchKey)?.pages[0]?.items[1]).toBe(other);
    expect(client.getQueryData(['/api/projects/8'])).toBe(before.otherDetail);
    expect(client.getQueryData(untouchedKey)).toBe(before.untouched);
    expect(refetched).toEqual(['/api/projects/liked']);
  });
});
