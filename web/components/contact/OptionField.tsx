// A form select over fixed options (support categories, career positions and levels), bound to a react-hook-form field.
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectOptions, SelectTrigger, SelectValue } from '@/components/ui/select';

interface OptionFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  id: string;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
}

export function OptionField<T extends FieldValues>({ control, name, id, label, placeholder, options }: OptionFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField id={id} label={label}>
      {(control) => (
        // An empty value shows the placeholder: nothing is chosen yet.
        <Select value={String(field.value ?? '')} onValueChange={field.onChange}>
          <SelectTrigger {...control} aria-invalid={fieldState.invalid} ref={field.ref} onBlur={field.onBlur} aria-required className="w-full aria-invalid:border-red-500">
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectOptions options={options} />
        </Select>
      )}
    </FormField>
  );
}
