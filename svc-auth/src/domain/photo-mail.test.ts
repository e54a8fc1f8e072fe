import { mailPhotoRemoved } from './photo-mail';
import type { StatusMailDeps } from './status-change-mail';
import { fakeEvents, fakeLogger, fakeMailer, fakeNotifications, fakeUsers } from '../testing/fakes';

const SITE = 'https://mealprep.test';
const LISTING = '65f000000000000000000001';

function setUp() {
  const users = fakeUsers(fakeEvents().written);
  const owner = users.add('owner@greenbox.example.com');
  const mail = fakeMailer();
  const deps: StatusMailDeps = { users: users.repo, notifications: fakeNotifications().repo, mailer: mail.mailer, siteUrl: SITE, logger: fakeLogger().logger };
  return { deps, owner, mail };
}

const removed = (ownerUserId: string | null) => ({
  photoId: `p-${'1'.repeat(24)}`,
  listingId: LISTING,
  listingName: 'Green Box Meals',
  slug: 'green-box-meals',
  ownerUserId,
  reason: 'It shows a person who did not agree to be shown.',
  byUserId: 'staff-1',
});

describe('the mail of a removed photo', () => {
  it('when staff remove a photo, then the owner is mailed the reason and where to add others, once however often the event comes', async () => {
    const t = setUp();
    await mailPhotoRemoved(t.deps, 'event-1', removed(t.owner.id));
    await mailPhotoRemoved(t.deps, 'event-1', removed(t.owner.id));
    expect(t.mail.sent).toHaveLength(1);
    expect(t.mail.sent[0]).toMatchObject({ to: 'owner@greenbox.example.com', subject: 'A photo of Green Box Meals was removed' });
    expect(t.mail.sent[0]?.text).toContain('Reason: It shows a person who did not agree to be shown.');
    expect(t.mail.sent[0]?.text).toContain(`Add other photos: ${SITE}/dashboard/services/${LISTING}/edit`);
  });

  it('when the listing has no owner, then nobody is mailed', async () => {
    const t = setUp();
    await mailPhotoRemoved(t.deps, 'event-2', removed(null));
    expect(t.mail.sent).toHaveLength(0);
  });
});
