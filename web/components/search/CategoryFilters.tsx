import { useId } from 'react';
import { UPLOAD_CATEGORIES } from '@shared/constants';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

interface CategoryFiltersProps {
  selected: readonly string[];
  onChange: (categories: string[]) => void;
}

/** SPEC §2: a checkbox per upload category (any ticked one matches) and 'Clear'. */
export function CategoryFilters({ selected, onChange }: CategoryFiltersProps) {
  const id = useId();
  const toggle = (category: string, checked: boolean) =>
    onChange(checked ? UPLOAD_CATEGORIES.filter((c) => c === category || selected.includes(c)) : selected.filter((c) => c !== category));

  return (
    <div role="group" aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 id={`${id}-heading`} className="text-sm font-semibold">
          Categories
        </h2>
        <button
          type="button"
          onClick={() => onChange([])}
          disabled={selected.length === 0}
          className="rounded-md px-2 py-1 text-[13px] font-medium text-accent hover:bg-violet-50 disabled:pointer-events-none disabled:text-zinc-400"
        >
          Clear
        </button>
      </div>
      <ul className="flex flex-wrap gap-x-5 gap-y-2.5 lg:flex-col">
        {UPLOAD_CATEGORIES.map((category, index) => (
          <li key={category} className="flex items-center gap-2.5">
            <Checkbox id={`${id}-${index}`} checked={selected.includes(category)} onCheckedChange={(checked) => toggle(category, checked === true)} />
            <Label htmlFor={`${id}-${index}`} className="cursor-pointer font-normal text-zinc-700">
              {category}
            </Label>
          </li>
        ))}
      </ul>
    </div>
  );
}
