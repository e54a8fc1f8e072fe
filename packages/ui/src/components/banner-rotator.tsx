import { useEffect, useState, type ReactNode } from 'react';
import { useEarlyClick } from '../hooks/use-early-click';
import { useDocumentHidden, usePrefersReducedMotion } from '../hooks/use-media-query';

export interface BannerRotatorImage {
  /** Large rendition. */
  src: string;
  /** Small rendition for narrow screens. */
  smallSrc?: string;
  alt: string;
}

export interface BannerRotatorProps {
  images: readonly BannerRotatorImage[];
  /** Time each image stays, in ms. */
  intervalMs?: number;
  /** Content laid over the images (heading, buttons). */
  children?: ReactNode;
  className?: string;
}

export const BANNER_ROTATION_MS = 5000;
export const MAX_BANNER_IMAGES = 5;

/** A dot that shows one image; a click made before the page is hydrated shows it once hydrated. */
function BannerDot({ index, count, current, onPick }: { index: number; count: number; current: boolean; onPick: (index: number) => void }) {
  const pick = () => onPick(index);
  const earlyClick = useEarlyClick(`banner-dot-${index}`, pick);
  return (
    <button
      type="button"
      aria-label={`Show banner image ${index + 1} of ${count}`}
      aria-pressed={current}
      {...earlyClick}
      onClick={pick}
      className="group rounded-full p-2 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white"
    >
      <span aria-hidden="true" className={`block size-2.5 rounded-full border border-white ${current ? 'bg-white' : 'bg-white/30 group-hover:bg-white/60'}`} />
    </button>
  );
}

/**
 * A hero whose background crossfades between up to five images. It stands still while the tab is
 * hidden and for visitors who ask for reduced motion; with no images it is a plain gradient.
 */
export function BannerRotator({ images, intervalMs = BANNER_ROTATION_MS, children, className }: BannerRotatorProps) {
  const shown = images.slice(0, MAX_BANNER_IMAGES);
  const count = shown.length;
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  const hidden = useDocumentHidden();
  const current = count ? index % count : 0;
  // Only the first image loads with the page; the next one is fetched a little later, well before
  // it is shown, so the others never compete with what the page needs first.
  const [ready, setReady] = useState<ReadonlySet<number>>(() => new Set([0]));
  useEffect(() => {
    if (count < 2) return;
    const next = (current + 1) % count;
    const timer = window.setTimeout(() => setReady((prev) => (prev.has(current) && prev.has(next) ? prev : new Set([...prev, current, next]))), 2000);
    setReady((prev) => (prev.has(current) ? prev : new Set([...prev, current])));
    return () => window.clearTimeout(timer);
  }, [current, count]);

  useEffect(() => {
    if (count < 2 || reducedMotion || hidden) return undefined;
    // One timeout per image (not an interval), so picking a dot gives that image its full time.
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [current, count, reducedMotion, hidden, intervalMs]);

  return (
    <div className={['relative isolate overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-700 to-emerald-900', className].filter(Boolean).join(' ')}>
      {shown.map((image, i) =>
        !ready.has(i) ? null : (
          <picture
            key={`${i}-${image.src}`}
            aria-hidden={i === current ? undefined : true}
            className={`absolute inset-0 -z-10 transition-opacity duration-1000 motion-reduce:transition-none ${i === current ? 'opacity-100' : 'opacity-0'}`}
          >
            {image.smallSrc ? <source media="(max-width: 640px)" srcSet={image.smallSrc} /> : null}
            <img
              src={image.src}
              alt={image.alt}
              width={1600}
              height={900}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding={i === 0 ? 'sync' : 'async'}
              className="h-full w-full object-cover"
            />
          </picture>
        ),
      )}
      {/* Keeps white text readable (AA) over any photo. */}
      {count ? <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gray-950/60" /> : null}
      {children}
      {count > 1 ? (
        <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1">
          {shown.map((image, i) => (
            <BannerDot key={`${i}-${image.src}`} index={i} count={count} current={i === current} onPick={setIndex} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
