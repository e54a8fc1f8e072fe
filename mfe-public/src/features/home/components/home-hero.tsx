import { BannerRotator } from '@mealprep/ui';
import { useMemo } from 'react';
import { Link } from '@mealprep/router';
import { useBanners } from '../api/get-banners';
import { useRuntimeConfig } from '../../../lib/runtime-config';

/** Spec §9: the home page holds each banner for 6 s (the rotator's own default is 5 s). */
export const HOME_BANNER_ROTATION_MS = 6000;

// On the dark hero the design system's colours would clash, so these buttons keep only its shape.
function heroButton(colors: string): string {
  return `inline-flex h-12 items-center justify-center rounded-md px-6 text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${colors}`;
}

/** The hero's words when the brand gives none (a page served before the gateway knew it). */
const HERO_FALLBACK = { heading: 'Meals Prepped & Delivered Locally', text: 'Find meal prep services near you, from local kitchens to services that ship nationwide.' };

export function HomeHero() {
  // The operator's words, from the brand the page was served with.
  const config = useRuntimeConfig();
  const hero = config.status === 'ready' && config.config.brand.hero.heading ? config.config.brand.hero : HERO_FALLBACK;
  // Without banners (still loading, failed or none) the hero is the plain gradient.
  const { data } = useBanners();
  const images = useMemo(() => (data ?? []).map((banner) => ({ src: banner.url, smallSrc: banner.smallUrl, alt: banner.alt })), [data]);

  return (
    <BannerRotator images={images} intervalMs={HOME_BANNER_ROTATION_MS}>
      <section className="flex min-h-[22rem] flex-col items-center justify-center px-6 py-16 text-center text-white sm:min-h-[26rem] sm:px-12">
        <h1 className="text-4xl font-bold tracking-tight [text-shadow:0_1px_3px_rgb(0_0_0/0.4)] sm:text-5xl">{hero.heading}</h1>
        {hero.text ? <p className="mx-auto mt-4 max-w-2xl text-lg whitespace-pre-line text-white">{hero.text}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/find-service" className={heroButton('bg-white text-emerald-900 hover:bg-emerald-50')}>
            Find a Service
          </Link>
          <Link to="/add-your-service" className={heroButton('border border-white bg-gray-950/30 text-white hover:bg-gray-950/50')}>
            Add Your Service
          </Link>
        </div>
      </section>
    </BannerRotator>
  );
}
