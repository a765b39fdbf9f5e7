import { Button } from './button';

/** What LoadMore needs from a paged query (usePagedList). */
export interface TMorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The next page of a list on demand ('Load More Projects'), and what went wrong when it could not load. */
export function LoadMore({ pages, label, failure }: { pages: TMorePages; label: string; failure: string }) {
  return (
    <>
      {pages.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700">
          {failure}
        </p>
      )}
      {pages.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" size="lg" busy={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {label}
          </Button>
        </div>
      )}
    </>
  );
}
