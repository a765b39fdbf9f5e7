import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useHeaderSearch } from '@/hooks/useHeaderSearch';
import { cn } from '@/lib/cn';

interface SearchFormProps {
  className?: string;
  /** Called after a search starts, e.g. to close the mobile drawer. */
  onSearched?: () => void;
}

export function SearchForm({ className, onSearched }: SearchFormProps) {
  const [query, setQuery] = useState('');
  const search = useHeaderSearch();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!search(query)) return;
    setQuery('');
    onSearched?.();
  }

  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-zinc-400" aria-hidden />
      <input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search projects..."
        aria-label="Search projects"
        className="h-10 w-full rounded-full border border-zinc-200 bg-zinc-50 pr-4 pl-9 text-sm text-ink placeholder:text-zinc-500 transition-colors duration-150 ease-out hover:border-zinc-300 focus-visible:border-accent focus-visible:bg-white"
      />
    </form>
  );
}
