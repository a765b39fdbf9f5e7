// The creator's own flag for mature work, on the upload form and in the edit dialog.
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

interface MatureCheckboxProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function MatureCheckbox({ id, checked, onChange }: MatureCheckboxProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} aria-describedby={hintId} className="mt-0.5" />
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>Mature content</Label>
        <p id={hintId} className="text-[13px] text-zinc-500">
          Blurred until a viewer chooses to see it, and left out of the gallery for visitors.
        </p>
      </div>
    </div>
  );
}
