// The edit dialog's media: the project's files and newly added ones, each with Move up, Move down,
// Make cover and Remove buttons (keyboard-usable; the first item is the cover), and a drop zone for more.
import { ArrowDown, ArrowUp, Film, Star, X } from 'lucide-react';
import type { TMedia } from '@shared/schemas/media';
import { MAX_MEDIA_PER_PROJECT } from '@shared/schemas/project';
import { Button } from '@/components/ui/button';
import { MediaDropZone } from '@/components/upload/MediaPicker';
import { cn } from '@/lib/cn';

const VIDEO_URL = /\.(mp4|webm|mov|m4v|ogv)(\?|#|$)/i;

/** A file of the project as it is stored, or one chosen in the dialog and not yet (or just) uploaded. */
export type TEditMedia =
  | { key: string; kind: 'stored'; url: string; media: TMedia | undefined }
  | { key: string; kind: 'new'; file: File; previewUrl: string; progress: number; url: string | null };

/** The URL the project will carry for this item; null for a new file not uploaded yet. */
export function editMediaUrl(item: TEditMedia): string | null {
  return item.url;
}

interface EditMediaListProps {
  items: readonly TEditMedia[];
  onAdd: (files: File[]) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onMakeCover: (index: number) => void;
  onRemove: (index: number) => void;
  uploading: boolean;
  disabled: boolean;
}

export function EditMediaList({ items, onAdd, onMove, onMakeCover, onRemove, uploading, disabled }: EditMediaListProps) {
  const full = items.length >= MAX_MEDIA_PER_PROJECT;
  return (
    <div className="flex flex-col gap-3">
      <span id="edit-media-label" className="text-sm font-medium text-ink">
        Media files
      </span>
      <ol className="flex flex-col gap-2" aria-label="Project media, cover first">
        {items.map((item, index) => (
          <EditMediaItem
            key={item.key}
            item={item}
            index={index}
            count={items.length}
            uploading={uploading}
            disabled={disabled}
            onMove={(delta) => onMove(index, delta)}
            onMakeCover={() => onMakeCover(index)}
            onRemove={() => onRemove(index)}
          />
        ))}
      </ol>
      <MediaDropZone
        labelId="edit-media-label"
        onAdd={onAdd}
        disabled={disabled || full}
        className="py-6"
        hint={full ? `A project holds at most ${MAX_MEDIA_PER_PROJECT} media files` : `Up to ${MAX_MEDIA_PER_PROJECT} files: images and GIFs up to 10MB, videos up to 20MB`}
      />
    </div>
  );
}

interface EditMediaItemProps {
  item: TEditMedia;
  index: number;
  count: number;
  uploading: boolean;
  disabled: boolean;
  onMove: (delta: -1 | 1) => void;
  onMakeCover: () => void;
  onRemove: () => void;
}

function EditMediaItem({ item, index, count, uploading, disabled, onMove, onMakeCover, onRemove }: EditMediaItemProps) {
  const name = `media ${index + 1}`;
  const label = item.kind === 'new' ? item.file.name : `Media ${index + 1}`;
  const isCover = index === 0;
  const percent = item.kind === 'new' ? Math.round((item.url ? 1 : item.progress) * 100) : 100;
  return (
    <li className="flex items-center gap-3 rounded-lg border border-zinc-200 p-2" data-media-url={editMediaUrl(item) ?? undefined}>
      <Thumbnail item={item} label={label} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate text-sm text-ink" title={label}>
          {label}
        </p>
        <div className="flex flex-wrap items-center gap-1.5 text-[13px] text-zinc-600">
          {isCover && <span className="rounded-md bg-violet-50 px-1.5 py-0.5 font-medium text-accent">Cover</span>}
          {item.kind === 'new' && <span>{item.url ? 'Uploaded' : 'New, uploaded on save'}</span>}
        </div>
        {item.kind === 'new' && uploading && (
          <div role="progressbar" aria-label={`Upload of ${item.file.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-1.5 overflow-hidden rounded-full bg-zinc-200">
            <div className="h-full rounded-full bg-accent transition-[width] duration-150 ease-out" style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      <div className="flex shrink-0 items-center">
        <Button type="button" variant="ghost" size="icon" aria-label={`Move ${name} up`} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
          <ArrowUp className="h-4 w-4" aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={`Move ${name} down`} disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
          <ArrowDown className="h-4 w-4" aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={`Make ${name} the cover`} disabled={disabled || isCover} onClick={onMakeCover}>
          <Star className={cn('h-4 w-4', isCover && 'fill-current text-accent')} aria-hidden />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="text-red-700 hover:bg-red-50"
          aria-label={`Remove ${name}`}
          // A project keeps at least one media file.
          disabled={disabled || count <= 1}
          title={count <= 1 ? 'A project needs at least one media file' : undefined}
          onClick={onRemove}
        >
          <X className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}

function Thumbnail({ item, label }: { item: TEditMedia; label: string }) {
  const box = 'relative h-14 w-14 shrink-0 overflow-hidden rounded-md bg-zinc-100';
  if (item.kind === 'new') {
    const isVideo = item.file.type.startsWith('video/');
    return (
      <div className={box}>
        {isVideo ? (
          <video src={item.previewUrl} muted playsInline preload="metadata" className="h-full w-full object-cover" aria-label={`Preview of ${label}`} />
        ) : (
          <img src={item.previewUrl} alt={`Preview of ${label}`} className="h-full w-full object-cover" />
        )}
        {isVideo && <VideoMark />}
      </div>
    );
  }
  // Lists carry the cover's details only: the others are known by their URL.
  const { media, url } = item;
  const isVideo = media ? media.type === 'video' : VIDEO_URL.test(url);
  const still = media ? (isVideo ? media.variants.poster?.url : (media.variants.card?.url ?? media.url)) : isVideo ? undefined : url;
  return (
    <div className={box}>
      {still ? (
        <img src={still} alt={`Preview of ${label}`} className="h-full w-full object-cover" />
      ) : (
        <video src={`${url}#t=0.1`} muted playsInline preload="metadata" className="h-full w-full object-cover" aria-label={`Preview of ${label}`} />
      )}
      {isVideo && <VideoMark />}
    </div>
  );
}

function VideoMark() {
  return (
    <span className="absolute bottom-1 left-1 rounded bg-black/60 p-0.5 text-white">
      <Film className="h-3 w-3" aria-hidden />
    </span>
  );
}
