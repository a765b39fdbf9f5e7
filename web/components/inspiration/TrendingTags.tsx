import { Hash } from 'lucide-react';
import { Link } from 'react-router';

/** SPEC §2: fixed chips, each opening a search for its tag. */
export const TRENDING_TAGS = ['Discover', 'Animation', 'Branding', 'Illustration', 'Mobile', 'Print', 'Product Design', 'Typography', 'Web Design'] as const;

export function TrendingTags() {
  return (
    <nav aria-label="Trending tags">
      <ul className="flex flex-wrap justify-center gap-2">
        {TRENDING_TAGS.map((tag) => (
          <li key={tag}>
            <Link
              to={`/search?q=${encodeURIComponent(tag)}`}
              className="inline-flex items-center gap-1 rounded-full border border-zinc-200 bg-white px-3.5 py-1.5 text-[13px] font-medium text-zinc-700 transition-colors duration-150 ease-out hover:border-violet-200 hover:bg-violet-50 hover:text-accent"
            >
              <Hash className="h-3.5 w-3.5" aria-hidden />
              {tag}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
