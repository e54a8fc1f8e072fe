import { within } from '@testing-library/react';
import { useState } from 'react';
import { BannerRotator } from '../components/banner-rotator';
import { dropEarlyClicks, useEarlyClick } from '../hooks/use-early-click';
import { renderOnServerThenHydrate } from '../testing';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const add = () => setCount((n) => n + 1);
  const earlyClick = useEarlyClick(name, add);
  return (
    <button type="button" onClick={add} {...earlyClick}>
      {`${name} ${count}`}
    </button>
  );
}

// The page's inline script (shell/src/index.html, run there by the shell's tests) records clicks in
// this queue; here the queue is filled as it would, to test the control's side alone.
function keep(key: string, path = window.location.pathname) {
  (window.__earlyClicks ??= []).push({ key, path });
}

describe('useEarlyClick', () => {
  afterEach(() => {
    delete window.__earlyClicks;
  });

  it('when a server-rendered control was clicked twice before hydration, then it answers both clicks once hydrated, and stops marking itself', async () => {
    let markedBefore: string | null = null;
    const page = await renderOnServerThenHydrate(<Counter name="more" />, (container) => {
      markedBefore = within(container).getByRole('button').getAttribute('data-early-click');
      keep('more');
      keep('more');
    });
    try {
      expect(markedBefore).toBe('more');
      const button = within(page.container).getByRole('button');
      expect(button).toHaveTextContent('more 2');
      expect(button).not.toHaveAttribute('data-early-click');
      expect(window.__earlyClicks).toEqual([]);
    } finally {
      page.done();
    }
  });

  it('when the kept click was made on another page or another control, then it is not answered here and stays for its control', async () => {
    const page = await renderOnServerThenHydrate(<Counter name="more" />, () => {
      keep('more', '/another-page');
      keep('less');
    });
    try {
      expect(within(page.container).getByRole('button')).toHaveTextContent('more 0');
      expect(window.__earlyClicks).toEqual([
        { key: 'more', path: '/another-page' },
        { key: 'less', path: window.location.pathname },
      ]);
      dropEarlyClicks();
      expect(window.__earlyClicks).toEqual([]);
    } finally {
      page.done();
    }
  });

  it('when a banner dot was clicked before hydration, then its image shows once hydrated', async () => {
    const banner = (
      <BannerRotator
        images={[
          { src: '/a.jpg', alt: 'A' },
          { src: '/b.jpg', alt: 'B' },
        ]}
      >
        hero
      </BannerRotator>
    );
    const page = await renderOnServerThenHydrate(banner, () => keep('banner-dot-1'));
    try {
      expect(within(page.container).getByRole('button', { name: 'Show banner image 2 of 2' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(page.container).getByRole('button', { name: 'Show banner image 1 of 2' })).toHaveAttribute('aria-pressed', 'false');
    } finally {
      page.done();
    }
  });
});
