import { UPLOAD_CATEGORIES, type TUploadCategory } from '@shared/constants';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';

interface CategoryPickerProps {
  value: TUploadCategory[];
  onChange: (value: TUploadCategory[]) => void;
  onBlur?: () => void;
  error?: string;
}

/** The upload categories as checkbox chips: any number may be picked (SPEC §2). */
export function CategoryPicker({ value, onChange, onBlur, error }: CategoryPickerProps) {
  const errorId = error ? 'categories-error' : undefined;
  // Kept in the list's order, whatever order they were ticked in.
  const toggle = (category: TUploadCategory, checked: boolean) =>
    onChange(UPLOAD_CATEGORIES.filter((item) => (item === category ? checked : value.includes(item))));

  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={errorId}>
      <legend className="mb-1.5 text-sm font-medium text-ink">Categories</legend>
      <div className="flex flex-wrap gap-2">
        {UPLOAD_CATEGORIES.map((category) => {
          const id = `category-${category.toLowerCase().replace(/\s+/g, '-')}`;
          const checked = value.includes(category);
          return (
            <label
              key={category}
              htmlFor={id}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-[13px] font-medium transition-colors duration-150 ease-out has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
                checked ? 'border-accent bg-violet-50 text-accent' : 'border-zinc-300 text-zinc-700 hover:border-zinc-400',
              )}
            >
              <Checkbox id={id} checked={checked} onCheckedChange={(state) => toggle(category, state === true)} onBlur={onBlur} aria-invalid={Boolean(error)} />
              {category}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-[13px] font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
