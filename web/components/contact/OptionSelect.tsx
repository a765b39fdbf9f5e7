// A form select over fixed options (support categories, career positions and levels), for react-hook-form's Controller.
import type { Ref } from 'react';
import type { FieldControlProps } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

interface OptionSelectProps extends FieldControlProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref: Ref<HTMLButtonElement>;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

export function OptionSelect({ value, onChange, onBlur, ref, placeholder, options, ...control }: OptionSelectProps) {
  return (
    // An empty value shows the placeholder: nothing is chosen yet.
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger {...control} ref={ref} onBlur={onBlur} aria-required className="w-full aria-invalid:border-red-500">
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
