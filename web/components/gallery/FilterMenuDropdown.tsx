// The open-able part of FilterMenu (Radix menu): FilterMenu loads it after the gallery's first render.
import { Check } from 'lucide-react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { FilterMenuButton, type FilterMenuProps } from './FilterMenu';

export default function FilterMenuDropdown({ label, options, selected, onToggle, format = (option) => option }: FilterMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={options.length === 0}>
        <FilterMenuButton label={label} selectedCount={selected.length} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" aria-label={label} className="max-h-80 overflow-y-auto">
        {options.map((option) => (
          <MenuPrimitive.CheckboxItem
            key={option}
            checked={selected.includes(option)}
            onCheckedChange={() => onToggle(option)}
            // Keep the menu open so several choices can be ticked in a row.
            onSelect={(event) => event.preventDefault()}
            className="group flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-ink outline-none select-none data-[highlighted]:bg-zinc-100"
          >
            <span className="flex h-4 w-4 items-center justify-center rounded border border-zinc-400 group-data-[state=checked]:border-accent group-data-[state=checked]:bg-accent">
              <MenuPrimitive.ItemIndicator>
                <Check className="h-3 w-3 text-white" strokeWidth={3} aria-hidden />
              </MenuPrimitive.ItemIndicator>
            </span>
            {format(option)}
          </MenuPrimitive.CheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
