import { bodiesTo, mockApi } from '@mealprep/api-client/testing';
import type { PhotoFacts } from '@mealprep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminAt } from '../../../testing/render-admin';

const LISTING = 'b'.repeat(24);
const hex = (n: number) => n.toString(16).padStart(32, '0');
const photo = (n: number, extra: Partial<PhotoFacts> = {}): PhotoFacts => ({
  id: `p-${String(n).padStart(24, '0')}`,
  listingId: LISTING,
  uploadedBy: 'owner-1',
  width: 1600,
  height: 1200,
  sources: [{ width: 320, height: 240, avif: hex(n), webp: hex(n + 1), jpeg: hex(n + 2) }],
  removedAt: null,
  ...extra,
});

describe("staff's photos on the media screen", () => {
  it('when staff open a listing by its id, then its photos show and one is removed with the reason the owner is mailed', async () => {
    const fetch = mockApi({
      '/api/media/admin/media': { status: 200, body: { items: [] } },
      '/api/media/admin/photos/reported': { status: 200, body: { items: [] } },
      [`/api/media/admin/photos/by-listing/${LISTING}`]: { status: 200, body: { items: [photo(1), photo(2)] } },
      [`/api/media/admin/photos/${photo(2).id}/remove`]: { status: 200, body: { photo: photo(2, { removedAt: '2026-11-30T00:00:00.000Z' }) } },
    });
    const user = userEvent.setup();
    renderAdminAt('/dashboard/media');
    await user.type(await screen.findByLabelText('Listing id'), LISTING);
    await user.click(screen.getByRole('button', { name: 'Show photos' }));
    const second = (await screen.findByRole('img', { name: 'Photo 2 of the listing' })).closest('li')!;
    await user.type(within(second).getByLabelText('Reason for removing photo 2 (the owner is mailed it)'), 'Shows a house number');
    await user.click(within(second).getByRole('button', { name: 'Remove photo' }));
    await expect.poll(() => bodiesTo(fetch, `/api/media/admin/photos/${photo(2).id}/remove`)).toEqual([{ reason: 'Shows a house number' }]);
  });

  it('when photos are reported, then staff see how often and why, and may dismiss the reports', async () => {
    const fetch = mockApi({
      '/api/media/admin/media': { status: 200, body: { items: [] } },
      '/api/media/admin/photos/reported': {
        status: 200,
        body: { items: [{ photoId: photo(3).id, listingId: LISTING, count: 2, lastReason: 'Not food', lastAt: '2026-11-30T00:00:00.000Z', photo: photo(3) }] },
      },
      [`/api/media/admin/photos/${photo(3).id}/dismiss-reports`]: { status: 200, body: { dismissed: true } },
    });
    const user = userEvent.setup();
    renderAdminAt('/dashboard/media');
    const reported = screen.getByRole('region', { name: 'Reported photos' });
    expect(await within(reported).findByText('Reported 2 times; latest: “Not food”')).toBeInTheDocument();
    await user.click(within(reported).getByRole('button', { name: 'Dismiss reports' }));
    await expect.poll(() => bodiesTo(fetch, `/api/media/admin/photos/${photo(3).id}/dismiss-reports`)).toHaveLength(1);
  });
});
