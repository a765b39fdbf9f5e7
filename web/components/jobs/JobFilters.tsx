// The board's search box and job-type dropdown (SPEC §2, §5), the location box and the remote-only switch.
import { MapPin, Search } from 'lucide-react';
import { useId } from 'react';
import { JOB_TYPES } from '@shared/constants';
import { ALL_JOB_TYPES, type TJobTypeFilter } from '@/api/jobs';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';

const TYPE_OPTIONS: readonly TJobTypeFilter[] = [ALL_JOB_TYPES, ...JOB_TYPES];

const isTypeOption = (value: string): value is TJobTypeFilter => (TYPE_OPTIONS as readonly string[]).includes(value);

interface JobFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  type: TJobTypeFilter;
  onTypeChange: (type: TJobTypeFilter) => void;
  remote: boolean;
  onRemoteChange: (remote: boolean) => void;
  location: string;
  onLocationChange: (location: string) => void;
}

const INPUT =
  'h-11 w-full rounded-lg border border-zinc-300 bg-white pr-4 pl-11 text-sm text-ink placeholder:text-zinc-500 transition-colors duration-150 ease-out hover:border-zinc-400 focus-visible:border-accent';

export function JobFilters({ search, onSearchChange, type, onTypeChange, remote, onRemoteChange, location, onLocationChange }: JobFiltersProps) {
  const searchId = useId();
  const typeId = useId();
  const locationId = useId();
  const remoteId = useId();
  return (
    <div role="search" aria-label="Job search" className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={searchId} className="sr-only">
          Search jobs
        </Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-zinc-400" aria-hidden />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder="Search by title, company or description..."
            className="h-11 w-full rounded-lg border border-zinc-300 bg-white pr-4 pl-11 text-sm text-ink placeholder:text-zinc-500 transition-colors duration-150 ease-out hover:border-zinc-400 focus-visible:border-accent"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5 lg:w-56">
        <Label htmlFor={locationId} className="sr-only">
          Location
        </Label>
        <div className="relative">
          <MapPin className="pointer-events-none absolute top-1/2 left-3.5 h-5 w-5 -translate-y-1/2 text-zinc-400" aria-hidden />
          <input
            id={locationId}
            type="search"
            value={location}
            onChange={(event) => onLocationChange(event.target.value)}
            placeholder="Location"
            autoComplete="off"
            className={INPUT}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={typeId} className="sr-only">
            Job type
          </Label>
          <Select value={type} onValueChange={(value) => isTypeOption(value) && onTypeChange(value)}>
            <SelectTrigger id={typeId} className="h-11 w-full lg:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TYPE_OPTIONS.map((option) => (
                <SelectItem key={option} value={option}>
                  {option}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex h-11 items-center gap-2.5">
          <Switch id={remoteId} checked={remote} onCheckedChange={onRemoteChange} />
          <Label htmlFor={remoteId}>Remote only</Label>
        </div>
      </div>
    </div>
  );
}
