// One project media file (image, GIF or video) at card or detail size: lazy near the viewport,
// a ThumbHash or pulsing placeholder until it arrives, and a box sized up front so nothing shifts.
import { ImageOff, Loader2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';
import { imageUrl } from '@shared/format';
import type { TMedia, TMediaKind } from '@shared/schemas/media';
import { cn } from '@/lib/cn';
import { drawingServerMarkup } from '@/lib/hydration';

export type TMediaVariant = 'card' | 'detail';

/** SPEC §9: cards are 400 px wide (4:3), detail media fit 800×600. */
const SIZES: Record<TMediaVariant, { width: number; height: number }> = {
  card: { width: 400, height: 300 },
  detail: { width: 800, height: 600 },
};

/** A project without media (never the case for one the API lists) shows the failed state at once. */
const NO_MEDIA: TResolvedMedia = { kind: 'image', src: '', avif: null, poster: null, width: null, height: null, placeholder: null };

/** SPEC §2: load when within 50 px of the viewport, a tenth of it visible. */
const LAZY_OPTIONS: IntersectionObserverInit = { rootMargin: '50px', threshold: 0.1 };

interface TResolvedMedia {
  kind: TMediaKind;
  src: string;
  avif: string | null;
  poster: string | null;
  width: number | null;
  height: number | null;
  placeholder: string | null;
}

/** The rendition to show: the sized WebP (AVIF beside it when smaller), else the full file. */
function resolveMedia(media: TMedia, variant: TMediaVariant): TResolvedMedia {
  const { variants } = media;
  const base = { kind: media.type, avif: null, poster: null, width: media.width, height: media.height, placeholder: media.placeholder };
  if (media.type === 'video') return { ...base, src: variants.full.url, poster: variants.poster?.url ?? null };
  const sized = variant === 'card' ? variants.card : variants.detail;
  const avif = variant === 'card' ? variants.cardAvif : variants.detailAvif;
  const rendition = sized ?? variants.full;
  const { width, height } = SIZES[variant];
  return {
    ...base,
    // A stored file is served as is; a stock-photo URL is asked for at the size shown (SPEC §9).
    src: imageUrl(rendition.url, width, height),
    avif: sized && avif ? avif.url : null,
    width: rendition.width ?? media.width,
    height: rendition.height ?? media.height,
  };
}

const thumbHashBytes = (placeholder: string) => Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0));

/** The ThumbHash (base64) drawn as a tiny PNG data URL; null when absent or unreadable. */
function placeholderDataUrl(placeholder: string | null): string | null {
  if (!placeholder) return null;
  try {
    return thumbHashToDataURL(thumbHashBytes(placeholder));
  } catch {
    return null;
  }
}

/** The ThumbHash's average colour, as CSS; null when absent or unreadable. */
function placeholderColor(placeholder: string | null): string | null {
  if (!placeholder) return null;
  try {
    const { r, g, b } = thumbHashToAverageRGBA(thumbHashBytes(placeholder));
    return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
  } catch {
    return null;
  }
}

/**
 * False on the server and for media hydrated from its markup, true on a page the client draws:
 * the server's pages carry each placeholder's average colour, not its 4 kB PNG (12 of them were
 * about a third of the home page's HTML). A hydrated page keeps the colour: its images were
 * requested with the HTML, and drawing a PNG for each after hydration was work for nothing.
 */
function useBlurredPreviews(): boolean {
  const [blurred] = useState(() => !drawingServerMarkup());
  return blurred;
}

/** True once the element has come within the lazy margin (at once when eager). */
function useNearViewport<T extends Element>(eager: boolean) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(eager);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, LAZY_OPTIONS);
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near: near || eager };
}

export interface ProjectMediaProps {
  /** The media details from the API; none shows as failed to load. */
  media: TMedia | undefined;
  variant: TMediaVariant;
  alt: string;
  /** Load at once (the first thing on the page) instead of when near the viewport. */
  priority?: boolean;
  className?: string;
  /** The viewer made this media: a video that could not be processed says so to them alone. */
  isOwner?: boolean;
  /** Mature work the viewer has not chosen to see: its blurred placeholder only, no file loaded (see MatureCover). */
  concealed?: boolean;
}

export function ProjectMedia({ media, variant, alt, priority = false, className, isOwner = false, concealed = false }: ProjectMediaProps) {
  if (concealed) return <ConcealedMedia media={media} variant={variant} alt={alt} className={className} />;
  if (media?.type === 'video' && media.status !== 'ready') return <UnreadyVideo media={media} variant={variant} alt={alt} className={className} isOwner={isOwner} />;
  return <ReadyMedia media={media} variant={variant} alt={alt} priority={priority} className={className} />;
}

/**
 * A video still being transcoded (everyone sees its poster and 'Processing video…'), or one
 * that could not be (its owner is told; others see the poster alone).
 */
function UnreadyVideo({ media, variant, alt, className, isOwner }: { media: TMedia; variant: TMediaVariant; alt: string; className?: string | undefined; isOwner: boolean }) {
  const poster = media.variants.poster;
  const width = poster?.width ?? media.width;
  const height = poster?.height ?? media.height;
  const boxStyle: CSSProperties | undefined = variant === 'detail' && width && height ? { aspectRatio: `${width} / ${height}` } : undefined;
  const processing = media.status === 'processing';
  const note = processing ? 'Processing video…' : isOwner ? 'This video could not be processed' : null;
  return (
    <div className={cn('relative overflow-hidden bg-zinc-100', !boxStyle && 'aspect-[4/3]', className)} style={boxStyle} data-media-state={media.status}>
      <MediaPlaceholder hash={media.placeholder} />
      {poster && <img src={poster.url} alt={alt} width={width ?? undefined} height={height ?? undefined} decoding="async" className={cn('absolute inset-0 h-full w-full', variant === 'card' ? 'object-cover' : 'object-contain')} />}
      {note && (
        <div className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-2 bg-zinc-900/80 px-3 py-2 text-[13px] font-medium text-white" role="status">
          {processing && <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden />}
          {note}
        </div>
      )}
    </div>
  );
}

function ReadyMedia({ media, variant, alt, priority = false, className }: Omit<ProjectMediaProps, 'isOwner'>) {
  const resolved = media ? resolveMedia(media, variant) : NO_MEDIA;
  const { ref, near } = useNearViewport<HTMLDivElement>(priority);
  // Keyed by URL, so a different file starts over without an effect to reset it.
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const loaded = loadedSrc === resolved.src;
  const failed = !media || failedSrc === resolved.src;

  const { width, height } = resolved;
  // Cards are always 4:3 (DESIGN); detail media keep their own shape, known before they load.
  const boxStyle: CSSProperties | undefined = variant === 'detail' && width && height ? { aspectRatio: `${width} / ${height}` } : undefined;
  const fit = variant === 'card' ? 'object-cover' : 'object-contain';
  const onLoad = () => setLoadedSrc(resolved.src);
  const onError = () => setFailedSrc(resolved.src);
  // A server-rendered image can finish (or fail) before hydration attaches its handlers: its
  // state is read once the element is React's.
  const settledImage = (image: HTMLImageElement | null) => {
    if (image?.complete) (image.naturalWidth > 0 ? onLoad : onError)();
  };
  const settledVideo = (video: HTMLVideoElement | null) => {
    if (video && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) onLoad();
  };

  return (
    <div
      ref={ref}
      className={cn('relative overflow-hidden bg-zinc-100', !boxStyle && 'aspect-[4/3]', className)}
      style={boxStyle}
      data-media-state={failed ? 'error' : loaded ? 'loaded' : near ? 'loading' : 'waiting'}
    >
      {!loaded && !failed && <MediaPlaceholder hash={resolved.placeholder} />}
      {near && !failed && resolved.kind === 'video' && (
        <video
          // Without a poster the browser shows the frame at 0.1 s instead of a blank box.
          src={resolved.poster ? resolved.src : `${resolved.src}#t=0.1`}
          poster={resolved.poster ?? undefined}
          width={width ?? undefined}
          height={height ?? undefined}
          muted
          playsInline
          preload="metadata"
          controls={variant === 'detail'}
          aria-label={alt}
          className={cn('absolute inset-0 h-full w-full', fit)}
          onLoadedData={onLoad}
          onError={onError}
          ref={settledVideo}
        />
      )}
      {near && !failed && resolved.kind !== 'video' && (
        <picture>
          {resolved.avif && <source type="image/avif" srcSet={resolved.avif} />}
          <img
            src={resolved.src}
            alt={alt}
            width={width ?? undefined}
            height={height ?? undefined}
            decoding="async"
            fetchPriority={priority ? 'high' : 'auto'}
            // The page's largest image shows as it arrives, without waiting for the script to see
            // it load (in the server's HTML it would wait for hydration: LCP 5 s on a project page).
            className={cn('absolute inset-0 h-full w-full transition-opacity duration-200 ease-out', fit, loaded || priority ? 'opacity-100' : 'opacity-0')}
            onLoad={onLoad}
            onError={onError}
            ref={settledImage}
          />
        </picture>
      )}
      {failed && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-[13px] text-zinc-600">
          <ImageOff className="h-6 w-6" aria-hidden />
          Failed to load
        </div>
      )}
    </div>
  );
}

/** The box the media would fill, showing only its ThumbHash, blurred further: nothing of the file is fetched. */
function ConcealedMedia({ media, variant, alt, className }: { media: TMedia | undefined; variant: TMediaVariant; alt: string; className?: string | undefined }) {
  const placeholder = useMemo(() => placeholderDataUrl(media?.placeholder ?? null), [media?.placeholder]);
  const resolved = media ? resolveMedia(media, variant) : NO_MEDIA;
  const boxStyle: CSSProperties | undefined = variant === 'detail' && resolved.width && resolved.height ? { aspectRatio: `${resolved.width} / ${resolved.height}` } : undefined;
  return (
    // Named as the media would be: a link around it still says where it goes.
    <div role="img" aria-label={alt} className={cn('relative overflow-hidden bg-zinc-300', !boxStyle && 'aspect-[4/3]', className)} style={boxStyle} data-media-state="concealed">
      {placeholder && <img src={placeholder} alt="" aria-hidden className="absolute inset-0 h-full w-full scale-125 object-cover blur-2xl" />}
    </div>
  );
}

/** The blurred ThumbHash preview (its average colour in the server's HTML), or a pulsing block when there is none. */
function MediaPlaceholder({ hash }: { hash: string | null }) {
  const blurred = useBlurredPreviews();
  const src = useMemo(() => (blurred ? placeholderDataUrl(hash) : null), [blurred, hash]);
  const color = useMemo(() => (src ? null : placeholderColor(hash)), [src, hash]);
  if (src) return <img src={src} alt="" aria-hidden className="absolute inset-0 h-full w-full object-cover" />;
  if (color) return <div aria-hidden className="absolute inset-0" style={{ backgroundColor: color }} />;
  return <div aria-hidden className="absolute inset-0 animate-pulse bg-zinc-200" />;
}

/** A media-sized pulsing block for skeleton cards and pages. */
export function ProjectMediaPlaceholder({ className }: { className?: string }) {
  return <div aria-hidden className={cn('aspect-[4/3] animate-pulse bg-zinc-200', className)} />;
}
