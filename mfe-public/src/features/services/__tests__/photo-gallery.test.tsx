import type { ListingPhoto } from '@mealprep/contracts';
import { sessionQuery } from '@mealprep/api-client';
import { QueryClient, QueryClientProvider, useQuery } from '@mealprep/query';
import { fireEvent, render as renderPlain, screen, within, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@mealprep/router/testing';
import { bodiesTo, mockApi, serviceCard } from '../../../testing/render-routes';
import { PHOTO_REPORTED_TEXT, PhotoGallery, REPORT_PHOTO_TEXT, VIEWER_CLOSE_TEXT, VIEWER_NEXT_TEXT } from '../components/photo-gallery';

const ME = '/api/auth/me';
/** With a query client of its own (the viewer asks who is signed in). */
const render = (ui: ReactElement, options?: RenderOptions) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapped = renderPlain(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, options);
  return { ...wrapped, rerender: (next: ReactElement) => wrapped.rerender(<QueryClientProvider client={client}>{next}</QueryClientProvider>) };
};
import { ServiceCard } from '../components/service-card';

/** Shows when the session query has its answer (the same query the viewer's report reads). */
function SessionProbe() {
  return useQuery(sessionQuery).isSuccess ? <p>session known</p> : null;
}

const hex = (n: number) => n.toString(16).padStart(32, '0');
const photo = (n: number, extra: Partial<ListingPhoto> = {}): ListingPhoto => ({
  id: `p-${String(n).padStart(24, '0')}`,
  alt: `Photo number ${n}`,
  caption: null,
  width: 1920,
  height: 1440,
  sources: [320, 640, 1280, 1920].map((w, i) => ({ width: w, height: (w * 3) / 4, avif: hex(n * 100 + i * 3), webp: hex(n * 100 + i * 3 + 1), jpeg: hex(n * 100 + i * 3 + 2) })),
  ...extra,
});

describe('a listing’s photo gallery', () => {
  const photos = [photo(1), photo(2, { caption: 'Sunday box' }), photo(3)];

  it('when a listing has photos, then its cover comes first, fetched first, and the rest lazily; each keeps its size and links to its largest file', () => {
    const { container } = render(<PhotoGallery media={{ photos, coverPhotoId: photos[1]!.id }} name="Green Box" />);
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Photo number 2', 'Photo number 1', 'Photo number 3']);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    for (const img of images.slice(1)) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
    for (const img of images) {
      expect(img).toHaveAttribute('width', '1920');
      expect(img).toHaveAttribute('height', '1440');
    }
    const cover = container.querySelector('picture')!;
    expect(cover.querySelector('source[type="image/avif"]')!.getAttribute('srcset')).toBe(
      [320, 640, 1280, 1920].map((w, i) => `/api/media/photos/${photos[1]!.id}/${w}-${hex(200 + i * 3)}.avif ${w}w`).join(', '),
    );
    expect(screen.getByText('Sunday box')).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', `/api/media/photos/${photos[1]!.id}/1920-${hex(200 + 11)}.jpeg`);
  });

  it('when the viewer is opened from the keyboard, then arrows move between photos, Escape closes it and focus returns to the photo', async () => {
    const user = userEvent.setup();
    render(<PhotoGallery media={{ photos }} name="Green Box" />);
    const first = screen.getAllByRole('link')[0]!;
    first.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Green Box: photo 1 of 3' });
    expect(within(dialog).getByRole('button', { name: VIEWER_CLOSE_TEXT })).toHaveFocus();
    expect(within(dialog).getByRole('img')).toHaveAttribute('alt', 'Photo number 1');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Green Box: photo 2 of 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Green Box: photo 3 of 3' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: VIEWER_NEXT_TEXT }));
    expect(screen.getByRole('dialog', { name: 'Green Box: photo 1 of 3' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(first).toHaveFocus();
  });

  it('when the viewer is swiped, then it moves to the next photo', () => {
    render(<PhotoGallery media={{ photos }} name="Green Box" />);
    fireEvent.click(screen.getAllByRole('link')[0]!);
    const dialog = screen.getByRole('dialog');
    fireEvent.pointerDown(dialog, { clientX: 300 });
    fireEvent.pointerUp(dialog, { clientX: 100 });
    expect(screen.getByRole('dialog', { name: 'Green Box: photo 2 of 3' })).toBeInTheDocument();
  });

  it('when a signed-in person reports the photo shown, then the report is sent with its reason and thanked; signed out, there is no report button', async () => {
    const photoId = photos[0]!.id;
    const api = mockApi({
      [ME]: { status: 200, body: { user: { id: 'u1', email: 'dana@example.com', roles: [] } } },
      [`/api/media/photos/${photoId}/reports`]: { status: 201, body: { reported: true } },
    });
    const user = userEvent.setup();
    render(<PhotoGallery media={{ photos }} name="Green Box" />);
    fireEvent.click(screen.getAllByRole('link')[0]!);
    await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: REPORT_PHOTO_TEXT }));
    await user.type(screen.getByLabelText('What is wrong with this photo?'), 'It shows a stranger');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(PHOTO_REPORTED_TEXT)).toBeInTheDocument();
    expect(bodiesTo(api, `/api/media/photos/${photoId}/reports`)).toEqual([{ reason: 'It shows a stranger' }]);
  });

  it('when nobody is signed in, then the viewer offers no report', async () => {
    mockApi({ [ME]: { status: 200, body: { user: null } } });
    render(
      <>
        <PhotoGallery media={{ photos }} name="Green Box" />
        <SessionProbe />
      </>,
    );
    fireEvent.click(screen.getAllByRole('link')[0]!);
    // The probe reads the same session query: once it shows the answer, the viewer has rendered with it too.
    await screen.findByText('session known');
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: REPORT_PHOTO_TEXT })).toBeNull();
  });

  it('when a listing has no photos, then there is no gallery', () => {
    const { container } = render(<PhotoGallery media={{ photos: [] }} name="Green Box" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('when a card has a cover, then it shows it from the small widths only, lazily unless it is on the first screen', () => {
    const cover = { ...photo(4), sources: photo(4).sources.slice(0, 2) };
    const { container, rerender } = render(
      <MemoryRouter>
        <ServiceCard service={serviceCard({ cover })} />
      </MemoryRouter>,
    );
    const img = container.querySelector('picture img')!;
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('alt', '');
    expect(img.getAttribute('srcset')).toBe(`/api/media/photos/${cover.id}/320-${hex(402)}.jpeg 320w, /api/media/photos/${cover.id}/640-${hex(405)}.jpeg 640w`);
    rerender(
      <MemoryRouter>
        <ServiceCard service={serviceCard({ cover })} coverPriority />
      </MemoryRouter>,
    );
    expect(container.querySelector('picture img')).toHaveAttribute('fetchpriority', 'high');
  });
});
