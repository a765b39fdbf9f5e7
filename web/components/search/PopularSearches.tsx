import { TrendingUp } from 'lucide-react';

/** SPEC §2, in this order. */
export const POPULAR_SEARCHES = ['AI art', 'ChatGPT prompts', 'Logo design', 'UI components', 'Character design', 'Web templates', 'Brand identity', '3D renders'] as const;

export function PopularSearches({ onPick }: { onPick: (query: string) => void }) {
  return (
    <section aria-labelledby="popular-searches" className="flex flex-col gap-3">
      <h2 id="popular-searches" className="flex items-center gap-2 text-[13px] font-medium text-zinc-600">
        <TrendingUp className="h-4 w-4" aria-hidden />
        Popular Searches
      </h2>
      <ul className="flex flex-wrap gap-2">
        {POPULAR_SEARCHES.map((query) => (
          <li key={query}>
            <button
              type="button"
              onClick={() => onPick(query)}
              className="rounded-full border border-zinc-200 bg-white px-3.5 py-1.5 text-[13px] text-zinc-700 transition-colors duration-150 ease-out hover:border-violet-200 hover:bg-violet-50 hover:text-accent"
            >
              {query}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
