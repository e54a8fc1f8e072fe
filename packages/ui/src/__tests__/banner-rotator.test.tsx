import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BannerRotator } from '../index';

const images = [
  { src: '/a-large.webp', smallSrc: '/a-small.webp', alt: 'Bowls of grain salad' },
  { src: '/b-large.webp', smallSrc: '/b-small.webp', alt: 'Containers of chicken and rice' },
  { src: '/c-large.webp', alt: 'Fresh vegetables' },
];

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('BannerRotator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setHidden(false);
  });

  it('when no interval is given, then the next image shows after 5000 ms and it wraps around', () => {
    render(<BannerRotator images={images}>Hero</BannerRotator>);
    expect(screen.getByRole('img', { name: 'Bowls of grain salad' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByRole('img', { name: 'Containers of chicken and rice' })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('img', { name: 'Containers of chicken and rice' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('img', { name: 'Fresh vegetables' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('img', { name: 'Bowls of grain salad' })).toBeInTheDocument();
  });

  it('when rendered, then only the first image loads, eagerly with high priority; the next is added before its turn', () => {
    const { container } = render(<BannerRotator images={images} />);
    let imgs = container.querySelectorAll('img');
    expect(imgs).toHaveLength(1);
    expect(imgs[0]).toHaveAttribute('loading', 'eager');
    expect(imgs[0]).toHaveAttribute('fetchpriority', 'high');
    expect(imgs[0]).toHaveAttribute('width', '1600');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    imgs = container.querySelectorAll('img');
    expect(imgs).toHaveLength(2);
    expect(imgs[1]).toHaveAttribute('loading', 'lazy');
  });

  it('when a dot is picked, then that image shows', async () => {
    vi.useRealTimers();
    render(<BannerRotator images={images} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show banner image 3 of 3' }));
    expect(screen.getByRole('img', { name: 'Fresh vegetables' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show banner image 3 of 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('when the tab is hidden, then it does not rotate until the tab is back', () => {
    render(<BannerRotator images={images} intervalMs={1000} />);
    act(() => setHidden(true));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('img', { name: 'Bowls of grain salad' })).toBeInTheDocument();
    act(() => setHidden(false));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('img', { name: 'Containers of chicken and rice' })).toBeInTheDocument();
  });

  it('when the visitor prefers reduced motion, then it does not rotate', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    render(<BannerRotator images={images} />);
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(screen.getByRole('img', { name: 'Bowls of grain salad' })).toBeInTheDocument();
  });

  it('when there are no images, then only the content on a gradient shows', () => {
    render(<BannerRotator images={[]}>Hero text</BannerRotator>);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Hero text')).toBeInTheDocument();
  });
});
