// Media files for the upload form: a drop zone with a file picker (also the edit dialog's), previews, per-file progress.
import { CloudUpload, Film, X } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface TSelectedFile {
  key: string;
  file: File;
  /** An object URL for the preview; revoked when the file is removed or the page left. */
  previewUrl: string;
  /** 0–1 while uploading. */
  progress: number;
  /** The stored media URL once uploaded; a retry does not send the file again. */
  url: string | null;
}

interface MediaPickerProps {
  files: TSelectedFile[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  uploading: boolean;
  disabled: boolean;
}

export function MediaPicker({ files, onAdd, onRemove, uploading, disabled }: MediaPickerProps) {
  return (
    <div className="flex flex-col gap-3">
      <span id="media-label" className="text-sm font-medium text-ink">
        Media files
      </span>
      <MediaDropZone labelId="media-label" onAdd={onAdd} disabled={disabled} hint="Maximum 5 files, 1600 px width recommended" />
      {files.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Selected media">
          {files.map((item) => (
            <SelectedFile key={item.key} item={item} uploading={uploading} onRemove={() => onRemove(item.key)} />
          ))}
        </ul>
      )}
    </div>
  );
}

interface MediaDropZoneProps {
  /** The id of the visible label that names the file input. */
  labelId: string;
  onAdd: (files: File[]) => void;
  disabled: boolean;
  hint: string;
  className?: string;
}

/**
 * Where files are dropped or chosen. Phones cannot drag files: there the zone says only 'Choose
 * files'. (The page around it takes a drop too: see useWindowFileDrop.)
 */
export function MediaDropZone({ labelId, onAdd, disabled, hint, className }: MediaDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = `${labelId}-hint`;

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length) onAdd([...event.dataTransfer.files]);
  }

  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-drop-zone
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors duration-150 ease-out max-sm:py-6',
        dragging ? 'border-accent bg-violet-50' : 'border-zinc-300 bg-zinc-50',
        className,
      )}
    >
      <CloudUpload className={cn('h-10 w-10', dragging ? 'text-accent' : 'text-zinc-400')} aria-hidden />
      <p className="hidden text-sm text-zinc-700 sm:block">Drag and drop images, GIFs or videos here</p>
      <Button type="button" variant="outline" size="sm" aria-describedby={hintId} disabled={disabled} onClick={() => inputRef.current?.click()}>
        Choose files
      </Button>
      <p id={hintId} className="text-[13px] text-zinc-500">
        {hint}
      </p>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept="image/*,video/*"
        aria-labelledby={labelId}
        className="hidden"
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          // Cleared so choosing the same file again (after removing it) still fires a change.
          event.target.value = '';
          if (chosen.length) onAdd(chosen);
        }}
      />
    </div>
  );
}

function SelectedFile({ item, uploading, onRemove }: { item: TSelectedFile; uploading: boolean; onRemove: () => void }) {
  const { file, previewUrl } = item;
  const isVideo = file.type.startsWith('video/');
  const percent = Math.round((item.url ? 1 : item.progress) * 100);
  return (
    <li className="flex flex-col gap-1.5">
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-zinc-100">
        {isVideo ? (
          <video src={previewUrl} muted playsInline preload="metadata" className="h-full w-full object-cover" aria-label={`Preview of ${file.name}`} />
        ) : (
          <img src={previewUrl} alt={`Preview of ${file.name}`} className="h-full w-full object-cover" />
        )}
        {isVideo && (
          <span className="absolute bottom-1.5 left-1.5 rounded bg-black/60 p-1 text-white">
            <Film className="h-3.5 w-3.5" aria-hidden />
          </span>
        )}
        <button
          type="button"
          aria-label={`Remove ${file.name}`}
          onClick={onRemove}
          className="absolute top-1.5 right-1.5 rounded-full bg-black/60 p-1 text-white transition-colors hover:bg-black/80 disabled:hidden"
        >
          <X className="h-3.5 w-3.5" aria-hidden />
        </button>
      </div>
      <p className="truncate text-[13px] text-zinc-600" title={file.name}>
        {file.name}
      </p>
      {(uploading || item.url) && (
        <div
          role="progressbar"
          aria-label={`Upload of ${file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-zinc-200"
        >
          <div className="h-full rounded-full bg-accent transition-[width] duration-150 ease-out" style={{ width: `${percent}%` }} />
        </div>
      )}
    </li>
  );
}
