import { usePrefersReducedMotion } from '@mealprep/ui';
import type { ServiceCard } from '@mealprep/contracts';
import { useEffect, useRef } from 'react';
import { Link } from '@mealprep/router';
import { FEATURED_FILTER, useServices } from '../api/get-services';
import { ServiceLogo } from './service-logo';

/** Spec §9: the strip moves half a pixel per animation frame. */
export const CAROUSEL_PX_PER_FRAME = 0.5;
/** The section's height (heading, its margin, one row of logos with two-line names), kept while loading. */
const SECTION_HEIGHT = 'min-h-[12.5rem]';

function LogoList({ services, copy }: { services: ServiceCard[]; copy: boolean }) {
  return (
    <ul className="flex shrink-0 gap-6 pr-6" aria-hidden={copy || undefined} data-copy={copy || undefined}>
      {services.map((service) => (
        <li key={service.id} className="w-32 shrink-0">
          <Link
            to={`/service/${encodeURIComponent(service.slug)}`}
            tabIndex={copy ? -1 : undefined}
            className="flex flex-col items-center gap-2 rounded-lg p-2 text-center text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-gray-100 dark:hover:bg-gray-800 dark:focus-visible:outline-emerald-400"
          >
            <ServiceLogo name={service.name} logoImageId={service.logoImageId} size="thumb" px={80} />
            {/* Two lines' room whatever the name, so the strip's height is known before it loads. */}
            <span className="line-clamp-2 min-h-10">{service.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Featured services' logos scrolling sideways. The list is rendered twice so the strip can jump
 * back by one copy's width without a visible seam; the copy is hidden from assistive technology.
 */
export function FeaturedCarousel() {
  const { data, isPending } = useServices(FEATURED_FILTER);
  const scroller = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const reducedMotion = usePrefersReducedMotion();
  const services = data?.items ?? [];

  useEffect(() => {
    const el = scroller.current;
    if (!el || services.length === 0 || reducedMotion) return undefined;
    // Fractional position kept here: scrollLeft itself may round 0.5 px steps away.
    let position = el.scrollLeft;
    let frame = requestAnimationFrame(function step() {
      if (paused.current) {
        position = el.scrollLeft;
      } else {
        const half = el.scrollWidth / 2;
        position += CAROUSEL_PX_PER_FRAME;
        if (half > 0 && position >= half) position -= half;
        el.scrollLeft = position;
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [services.length, reducedMotion]);

  // While loading, the space the strip will take is kept so the sections below do not jump down;
  // with no featured services (or a failed load) there is no section at all.
  if (isPending) return <div aria-hidden="true" data-testid="featured-placeholder" className={SECTION_HEIGHT} />;
  if (services.length === 0) return null;

  const pause = () => {
    paused.current = true;
  };
  const resume = () => {
    paused.current = false;
  };

  return (
    <section aria-labelledby="featured-services" className={SECTION_HEIGHT}>
      <h2 id="featured-services" className="mb-6 text-2xl font-bold tracking-tight">
        Featured Services
      </h2>
      <div
        ref={scroller}
        onMouseEnter={pause}
        onMouseLeave={resume}
        onTouchStart={pause}
        onTouchEnd={resume}
        onFocus={pause}
        onBlur={resume}
        className="flex overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        <LogoList services={services} copy={false} />
        <LogoList services={services} copy />
      </div>
    </section>
  );
}
