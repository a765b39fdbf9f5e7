import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { dedupeTags, MAX_TAGS_PER_PROJECT } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The server's longest tag. */
const TAG_MAX_LENGTH = 40;

interface TagInputProps {
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Tags added with Enter or the plus button (SPEC §5): trimmed; empty and duplicate ones ignored. */
export function TagInput({ tags, onChange }: TagInputProps) {
  const [draft, setDraft] = useState('');
  const full = tags.length >= MAX_TAGS_PER_PROJECT;

  function add() {
    if (full) return;
    const next = dedupeTags([...tags, draft]);
    if (next.length > tags.length) onChange(next);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the tag; it must not submit the whole form.
    event.preventDefault();
    add();
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="project-tags">Tags</Label>
      <div className="flex gap-2">
        <Input
          id="project-tags"
          value={draft}
          maxLength={TAG_MAX_LENGTH}
          placeholder="e.g. portrait"
          aria-describedby="project-tags-hint"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" size="icon" aria-label="Add tag" onClick={add}>
          <Plus className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <p id="project-tags-hint" className="text-[13px] text-zinc-500">
        {full ? `A project can have up to ${MAX_TAGS_PER_PROJECT} tags.` : 'Press Enter or the plus button to add a tag.'}
      </p>
      {tags.length > 0 && (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label="Added tags">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-zinc-100 py-1 pr-1 pl-3 text-[13px] font-medium text-zinc-700">
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                className="rounded-full p-0.5 text-zinc-500 transition-colors hover:bg-zinc-200 hover:text-ink disabled:pointer-events-none"
                onClick={() => onChange(tags.filter((item) => item !== tag))}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
