// The search page's own states: no query yet, and no match for the query.
import { Search, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { StatePanel } from '@/components/ui/state-panel';

export function SearchPrompt() {
  return (
    <StatePanel icon={Search} title="What are you looking for?" text="Search projects by title, description, tag, category or creator, or pick one of the popular searches above.">
      <Button asChild variant="outline">
        <Link to="/inspiration">Discover Inspiration</Link>
      </Button>
    </StatePanel>
  );
}

export function SearchNoResults({ query, filtered, onClearFilters }: { query: string; filtered: boolean; onClearFilters: () => void }) {
  return (
    <StatePanel
      icon={SearchX}
      title="No results found"
      text={
        filtered
          ? `Nothing in the chosen categories matches "${query}". Try clearing the category filters or using other words.`
          : `Nothing matches "${query}". Check the spelling, use fewer or more general words, or try a popular search.`
      }
    >
      {filtered ? (
        <Button variant="outline" onClick={onClearFilters}>
          Clear filters
        </Button>
      ) : (
        <Button asChild variant="outline">
          <Link to="/inspiration">Discover Inspiration</Link>
        </Button>
      )}
    </StatePanel>
  );
}
