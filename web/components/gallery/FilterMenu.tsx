// A dropdown of checkable choices (categories, tags) that stays open while several are picked.
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

// The menu (Radix and its positioning engine) loads just after the gallery's first render;
// until then its button shows as it will look, marked unavailable.
const FilterMenuDropdown = lazy(() => import('./FilterMenuDropdown'));

export interface FilterMenuProps {
  label: string;
  options: readonly string[];
  selected: readonly string[];
  onToggle: (option: string) => void;
  /** How an option reads in the list ('#tag' for tags). */
  format?: (option: string) => string;
}

/** The menu's button: its label, how many choices are ticked, and a chevron. */
export function FilterMenuButton({ label, selectedCount, ...props }: { label: string; selectedCount: number } & ButtonProps) {
  return (
    <Button variant="outline" size="sm" {...props}>
      {label}
      {selectedCount > 0 && (
        <span className="rounded-full bg-accent px-1.5 text-[11px] leading-4 text-white" aria-label={`${selectedCount} selected`}>
          {selectedCount}
        </span>
      )}
      <ChevronDown className="h-4 w-4 text-zinc-500" aria-hidden />
    </Button>
  );
}

export function FilterMenu(props: FilterMenuProps) {
  return (
    <Suspense fallback={<FilterMenuButton label={props.label} selectedCount={props.selected.length} aria-disabled />}>
      <FilterMenuDropdown {...props} />
    </Suspense>
  );
}
