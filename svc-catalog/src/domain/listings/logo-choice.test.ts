import { checkLogoChoice, LOGO_DELETED, LOGO_IN_USE, LOGO_NOT_YOURS, LOGO_UNCHECKED } from './logo-choice';
import { person, refusal, staff } from '../../testing/builders';
import { FakeMedia } from '../../testing/fakes';

const media = () =>
  new FakeMedia({
    'ann-logo': { uploadedBy: 'ann' },
    'ann-old': { uploadedBy: 'ann', deletedAt: '2026-01-02T00:00:00.000Z' },
    'ann-on-other': { uploadedBy: 'ann', associatedEntityId: 'other-listing' },
    'ann-on-this': { uploadedBy: 'ann', associatedEntityId: 'listing-1' },
    'bea-logo': { uploadedBy: 'bea' },
    'admin-logo': { uploadedBy: 'admin-1' },
    'demo-logo': { uploadedBy: null },
  });
const annsListing = { id: 'listing-1', ownerUserId: 'ann', logoImageId: 'kept-logo' };

describe('choosing a logo for a listing', () => {
  it('when the owner picks a live upload of theirs (new, or already tied to this listing), then it is taken', async () => {
    await expect(checkLogoChoice(media(), person('ann'), annsListing, 'ann-logo')).resolves.toBeUndefined();
    await expect(checkLogoChoice(media(), person('ann'), annsListing, 'ann-on-this')).resolves.toBeUndefined();
    await expect(checkLogoChoice(media(), person('ann'), { id: null, ownerUserId: 'ann', logoImageId: null }, 'ann-logo')).resolves.toBeUndefined();
  });

  it('when the logo is removed or left as it is, then svc-media is not even asked (so it may be down)', async () => {
    const down = media();
    down.down = true;
    await expect(checkLogoChoice(down, person('ann'), annsListing, null)).resolves.toBeUndefined();
    await expect(checkLogoChoice(down, person('ann'), annsListing, 'kept-logo')).resolves.toBeUndefined();
    await expect(checkLogoChoice(undefined, person('ann'), annsListing, 'kept-logo')).resolves.toBeUndefined();
    expect(down.asked).toEqual([]);
  });

  it("when someone picks another user's upload, an unknown id or a demo image, then each is refused alike as not one of their uploads", async () => {
    for (const id of ['bea-logo', 'no-such-image', 'demo-logo']) {
      const error = await refusal(checkLogoChoice(media(), person('ann'), annsListing, id));
      expect(error, id).toMatchObject({ status: 400, message: LOGO_NOT_YOURS, details: [{ path: 'media.logoImageId', message: LOGO_NOT_YOURS }] });
    }
  });

  it('when the upload was deleted, then it is refused as deleted', async () => {
    expect(await refusal(checkLogoChoice(media(), person('ann'), annsListing, 'ann-old'))).toMatchObject({ status: 400, message: LOGO_DELETED });
  });

  it('when the upload is already the logo of another listing, then it is refused as in use', async () => {
    expect(await refusal(checkLogoChoice(media(), person('ann'), annsListing, 'ann-on-other'))).toMatchObject({ status: 400, message: LOGO_IN_USE });
  });

  it("when an admin edits the listing, then the owner's uploads and the admin's own are allowed, a third person's is not", async () => {
    await expect(checkLogoChoice(media(), staff(), annsListing, 'ann-logo')).resolves.toBeUndefined();
    await expect(checkLogoChoice(media(), staff(), annsListing, 'admin-logo')).resolves.toBeUndefined();
    expect(await refusal(checkLogoChoice(media(), staff(), annsListing, 'bea-logo'))).toMatchObject({ message: LOGO_NOT_YOURS });
    expect(await refusal(checkLogoChoice(media(), person('ann'), annsListing, 'admin-logo'))).toMatchObject({ message: LOGO_NOT_YOURS });
  });

  it('when svc-media cannot be asked (not configured, or failing), then a new logo is refused with a 503 to try again in 5 seconds, never taken unchecked', async () => {
    expect(await refusal(checkLogoChoice(undefined, person('ann'), annsListing, 'ann-logo'))).toMatchObject({ status: 503, message: LOGO_UNCHECKED, retryAfterSeconds: 5 });
    const down = media();
    down.down = true;
    expect(await refusal(checkLogoChoice(down, person('ann'), annsListing, 'ann-logo'))).toMatchObject({ status: 503, message: LOGO_UNCHECKED, retryAfterSeconds: 5 });
  });
});
