import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { BannerRotator } from '../components/banner-rotator';
import { useHydrated } from '../hooks/use-hydrated';
import { renderOnServerThenHydrate } from '../testing';

function Probe() {
  return <button disabled={!useHydrated()}>Act</button>;
}

describe('useHydrated', () => {
  it('when a page is rendered on the server, then a control that needs the app is disabled in its HTML and enabled once hydrated', async () => {
    let disabledBefore: boolean | null = null;
    const page = await renderOnServerThenHydrate(<Probe />, (container) => {
      disabledBefore = (within(container).getByRole('button', { name: 'Act' }) as HTMLButtonElement).disabled;
    });
    try {
      expect(disabledBefore).toBe(true);
      expect(within(page.container).getByRole('button', { name: 'Act' })).toBeEnabled();
    } finally {
      page.done();
    }
  });

  it('when rendered in the browser from the start, then it is enabled at once; the banner dots are never disabled and carry their early-click key only in the server HTML', () => {
    render(
      <>
        <Probe />
        <BannerRotator
          images={[
            { src: '/a.jpg', alt: 'A' },
            { src: '/b.jpg', alt: 'B' },
          ]}
        >
          hero
        </BannerRotator>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Act' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Show banner image 2 of 2' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Show banner image 2 of 2' })).not.toHaveAttribute('data-early-click');
    expect(
      renderToString(
        <BannerRotator
          images={[
            { src: '/a.jpg', alt: 'A' },
            { src: '/b.jpg', alt: 'B' },
          ]}
        >
          hero
        </BannerRotator>,
      ),
    ).toMatch(/<button(?![^>]*disabled)[^>]*aria-label="Show banner image 2 of 2"[^>]*data-early-click="banner-dot-1"/);
  });
});
