import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';

interface SearchBoxProps {
  /** The query shown in the box when it opens; give the box a new key to show another. */
  initialQuery: string;
  /** Called with the trimmed, non-blank query (SPEC §5). */
  onSearch: (query: string) => void;
}

export function SearchBox({ initialQuery, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(initialQuery);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (query) onSearch(query);
  }

  return (
    <form role="search" aria-label="Project search" onSubmit={submit} className="flex w-full max-w-2xl gap-2">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-zinc-400" aria-hidden />
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search by title, tag, category or creator..."
          aria-label="Search for projects"
          className="h-12 w-full rounded-lg border border-zinc-300 bg-white pr-4 pl-11 text-base text-ink placeholder:text-zinc-500 transition-colors duration-150 ease-out hover:border-zinc-400 focus-visible:border-accent"
        />
      </div>
      <Button type="submit" size="lg">
        Search
      </Button>
    </form>
  );
}
