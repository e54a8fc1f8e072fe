import { callsTo, bodiesTo, mockApi } from '@mealprep/api-client/testing';
import type { EditableService, ListingPhoto, PhotoFacts } from '@mealprep/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@mealprep/query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListingPhotos, NOT_A_PHOTO_FILE, PHOTOS_SAVED, PUT_BACK_TEXT, SAVE_PHOTOS_TEXT, TOO_MANY_PHOTOS, DESCRIBE_EACH } from '../components/listing-photos';

const ID = 'c'.repeat(24);
const hex = (n: number) => n.toString(16).padStart(32, '0');
const photo = (n: number, alt = `Photo number ${n}`): ListingPhoto => ({
  id: `p-${String(n).padStart(24, '0')}`,
  alt,
  caption: null,
  width: 1600,
  height: 1200,
  sources: [{ width: 320, height: 240, avif: hex(n), webp: hex(n + 1), jpeg: hex(n + 2) }],
});

/** XMLHttpRequest as the browser gives it, driven by the test: each upload waits until the test answers it. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  withCredentials = false;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send() {
    FakeUpload.sent.push(this);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function service(photos: ListingPhoto[] = [], removedPhotos: ListingPhoto[] = []): EditableService {
  return {
    id: ID,
    name: 'Green Fork Kitchen',
    slug: 'green-fork-kitchen',
    tagline: '',
    description: '',
    defaultCurrency: 'USD',
    languages: ['en'],
    mealTypes: [],
    status: 'published',
    featuredUntil: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    publishedAt: null,
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    deliveryRadiusMiles: 15,
    contact: { email: '', phone: '', website: '', socialLinks: [] },
    locations: [],
    media: { logoImageId: null, photos, coverPhotoId: photos[0]?.id ?? null },
    offer: { pricePerMeal: null, plans: null, pauseAnyTime: null, deliveryDays: [], orderCutoff: null, minimumOrderMeals: null, allergenFriendly: [], menuUrl: '' },
    rating: { average: null, count: 0 },
    claimable: false,
    ownerUserId: 'owner-1',
    version: 2,
    metadata: {},
    statusHistory: [],
    possibleDuplicateOf: [],
    ownershipHistory: [],
    reviewTrail: [],
    removedPhotos,
  };
}

const renderPhotos = (listing: EditableService) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ListingPhotos service={listing} />
    </QueryClientProvider>,
  );
const file = (name: string, type = 'image/jpeg', size = 2000) => new File([new Uint8Array(size)], name, { type });
const PUT = `/api/catalog/services/${ID}/photos`;

describe("the edit page's photos", () => {
  beforeEach(() => {
    FakeUpload.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('when an owner adds two photos, then each shows its progress, and once described they are saved in order with the cover chosen', async () => {
    const api = mockApi({ [PUT]: { status: 200, body: service() } });
    const user = userEvent.setup();
    renderPhotos(service());
    await user.upload(screen.getByLabelText('Add photos'), [file('salad.jpg'), file('soup.png', 'image/png')]);
    expect(FakeUpload.sent.map((u) => u.url)).toEqual([`/api/media/photos?listingId=${ID}&fileName=salad.jpg`, `/api/media/photos?listingId=${ID}&fileName=soup.png`]);
    act(() => FakeUpload.sent[0]!.upload.onprogress!({ lengthComputable: true, loaded: 500, total: 1000 }));
    expect(screen.getByRole('progressbar', { name: 'Uploading salad.jpg' })).toHaveAttribute('value', '50');
    expect(screen.getByRole('button', { name: SAVE_PHOTOS_TEXT })).toBeDisabled();
    const drawn = (n: number): PhotoFacts => ({ ...photo(n), listingId: ID, uploadedBy: 'owner-1', removedAt: null });
    await act(async () => FakeUpload.sent[0]!.answer(201, { photo: drawn(1) }));
    await act(async () => FakeUpload.sent[1]!.answer(201, { photo: drawn(2) }));
    expect(screen.queryByRole('progressbar')).toBeNull();

    // Not described yet: the save says what is missing and sends nothing.
    await user.click(screen.getByRole('button', { name: SAVE_PHOTOS_TEXT }));
    expect(screen.getByRole('alert')).toHaveTextContent(DESCRIBE_EACH);
    expect(callsTo(api, PUT)).toHaveLength(0);

    await user.type(screen.getByLabelText('Description of photo 1'), 'Green salad in a bowl');
    await user.type(screen.getByLabelText('Description of photo 2'), 'Tomato soup with basil');
    await user.type(screen.getByLabelText('Caption of photo 2 (optional)'), 'Our winter soup');
    // Photo 2 goes first from the keyboard, and photo 1 (now second) is the cover.
    screen.getByLabelText('Description of photo 2').focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(screen.getByLabelText('Description of photo 1')).toHaveValue('Tomato soup with basil');
    await user.click(within(screen.getAllByRole('listitem')[1]!).getByRole('radio', { name: 'Cover' }));
    await user.click(screen.getByRole('button', { name: SAVE_PHOTOS_TEXT }));
    expect(await screen.findByText(PHOTOS_SAVED)).toBeInTheDocument();
    expect(bodiesTo(api, PUT)).toEqual([
      {
        photos: [
          { id: photo(2).id, alt: 'Tomato soup with basil', caption: 'Our winter soup' },
          { id: photo(1).id, alt: 'Green salad in a bowl', caption: null },
        ],
        coverId: photo(1).id,
      },
    ]);
  });

  it('when a file is not a photo, or there would be more than 12, then nothing is uploaded and the reason shows', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPhotos(service(Array.from({ length: 11 }, (_, i) => photo(i * 10 + 1))));
    await user.upload(screen.getByLabelText('Add photos'), [file('notes.txt', 'text/plain')]);
    expect(screen.getByRole('alert')).toHaveTextContent(NOT_A_PHOTO_FILE);
    await user.upload(screen.getByLabelText('Add photos'), [file('a.jpg'), file('b.jpg')]);
    expect(screen.getByRole('alert')).toHaveTextContent(TOO_MANY_PHOTOS);
    expect(FakeUpload.sent).toHaveLength(0);
  });

  it('when an owner removes a photo, then it asks first; a removed photo can be put back', async () => {
    const user = userEvent.setup();
    renderPhotos(service([photo(1), photo(5)], [photo(9, 'Old kitchen photo')]));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    const ask = screen.getByRole('group', { name: 'Remove this photo?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(screen.getAllByRole('listitem').filter((li) => li.draggable)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await user.click(within(screen.getByRole('group', { name: 'Remove this photo?' })).getByRole('button', { name: 'Yes, remove' }));
    expect(screen.getByLabelText('Description of photo 1')).toHaveValue('Photo number 5');
    await user.click(screen.getByRole('button', { name: `${PUT_BACK_TEXT}: Old kitchen photo` }));
    expect(screen.getByLabelText('Description of photo 2')).toHaveValue('Old kitchen photo');
    // Dragging photo 2 onto photo 1 puts it first.
    const rows = screen.getAllByRole('listitem').filter((li) => li.draggable);
    fireEvent.dragStart(rows[1]!);
    fireEvent.drop(rows[0]!);
    expect(screen.getByLabelText('Description of photo 1')).toHaveValue('Old kitchen photo');
  });
});
