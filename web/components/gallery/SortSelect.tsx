import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectOptions, SelectTrigger, SelectValue } from '@/components/ui/select';

interface SortSelectProps<T extends string> {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (sort: T) => void;
}

/** A labelled 'Sort by' select; the order itself comes from the server. */
export function SortSelect<T extends string>({ value, options, onChange }: SortSelectProps<T>) {
  const id = useId();
  const pick = (next: string) => {
    const option = options.find((candidate) => candidate.value === next);
    if (option && option.value !== value) onChange(option.value);
  };
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-[13px] font-normal text-zinc-600">
        Sort by
      </Label>
      <Select value={value} onValueChange={pick}>
        <SelectTrigger id={id} className="h-9 w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectOptions options={options} />
      </Select>
    </div>
  );
}
