import type { EventPayload } from '@mealprep/contracts';
import { mailOwnerOfStatusChange, type StatusMailDeps } from './status-change-mail';
import { fakeEvents, fakeLogger, fakeMailer, fakeNotifications, fakeUsers } from '../testing/fakes';

const SITE = 'https://mealprep.test';

function setUp() {
  const users = fakeUsers(fakeEvents().written);
  const owner = users.add('owner@example.com');
  const notifications = fakeNotifications();
  const mail = fakeMailer();
  const deps: StatusMailDeps = { users: users.repo, notifications: notifications.repo, mailer: mail.mailer, siteUrl: SITE, logger: fakeLogger().logger };
  return { deps, owner, mail, notifications };
}

type Change = EventPayload<'catalog.service.status-changed'>;
const change = (ownerUserId: string | null, over: Partial<Change> = {}): Change => ({
  serviceId: '65f000000000000000000001',
  slug: 'green-box-meals',
  name: 'Green Box Meals',
  status: 'published',
  previousStatus: 'pending',
  ownerUserId,
  version: 4,
  reason: null,
  ...over,
});

describe('the mail an owner gets when an admin decides on their listing', () => {
  it('when the listing is published, the owner hears it is live, with its public page and its edit page', async () => {
    const t = setUp();
    await mailOwnerOfStatusChange(t.deps, 'event-1', change(t.owner.id));
    expect(t.mail.sent).toHaveLength(1);
    const [mail] = t.mail.sent;
    expect(mail?.to).toBe('owner@example.com');
    expect(mail?.subject).toBe('Green Box Meals is now listed on Meal Prep Directory');
    expect(mail?.text).toContain('Good news: Green Box Meals is now live on Meal Prep Directory.');
    expect(mail?.text).toContain(`${SITE}/service/green-box-meals`);
    expect(mail?.text).toContain(`${SITE}/dashboard/services/65f000000000000000000001/edit`);
  });

  it('when the listing is rejected with a reason, the owner reads the reason and where to fix the listing', async () => {
    const t = setUp();
    await mailOwnerOfStatusChange(t.deps, 'event-1', change(t.owner.id, { status: 'rejected', reason: 'No delivery area given.' }));
    const [mail] = t.mail.sent;
    expect(mail?.subject).toBe('Green Box Meals was not approved for Meal Prep Directory');
    expect(mail?.text).toContain('Reason: No delivery area given.');
    expect(mail?.text).toContain(`Your listing: ${SITE}/dashboard/services/65f000000000000000000001/edit`);
    expect(mail?.text).not.toContain('/service/green-box-meals');
  });

  it('when the listing is rejected without a reason, the mail has no "Reason:" line', async () => {
    const t = setUp();
    await mailOwnerOfStatusChange(t.deps, 'event-1', change(t.owner.id, { status: 'rejected', reason: null }));
    expect(t.mail.sent[0]?.text).not.toContain('Reason:');
  });

  it('when the listing becomes a draft, pending or closed, no mail goes out', async () => {
    const t = setUp();
    for (const status of ['draft', 'pending', 'closed'] as const) await mailOwnerOfStatusChange(t.deps, `event-${status}`, change(t.owner.id, { status }));
    expect(t.mail.sent).toEqual([]);
  });

  it('a listing with no owner, or whose owner is unknown, sends no mail', async () => {
    const t = setUp();
    await mailOwnerOfStatusChange(t.deps, 'event-1', change(null));
    await mailOwnerOfStatusChange(t.deps, 'event-2', change('65f0000000000000000000ff'));
    expect(t.mail.sent).toEqual([]);
    expect(t.notifications.claimed.size).toBe(0);
  });

  it('the same event delivered twice sends one mail', async () => {
    const t = setUp();
    await mailOwnerOfStatusChange(t.deps, 'event-1', change(t.owner.id));
    await mailOwnerOfStatusChange(t.deps, 'event-1', change(t.owner.id));
    expect(t.mail.sent).toHaveLength(1);
  });

  it('when the mail server fails, the error reaches the consumer and the redelivery sends the mail', async () => {
    const t = setUp();
    t.mail.failNext();
    await expect(mailOwnerOfStatusChange(t.deps, 'event-1', change(t.owner.id))).rejects.toThrow('SMTP server is down');
    expect(t.mail.sent).toEqual([]);
    await mailOwnerOfStatusChange(t.deps, 'event-1', change(t.owner.id));
    expect(t.mail.sent).toHaveLength(1);
  });

  it("the listing's name is escaped in the HTML part, and kept as written in the text part", async () => {
    const t = setUp();
    await mailOwnerOfStatusChange(t.deps, 'event-1', change(t.owner.id, { name: 'Bob & <b>Sons</b> "Meals"' }));
    const [mail] = t.mail.sent;
    expect(mail?.html).toContain('Bob &amp; &lt;b&gt;Sons&lt;/b&gt; &quot;Meals&quot;');
    expect(mail?.html).not.toContain('<b>Sons</b>');
    expect(mail?.text).toContain('Bob & <b>Sons</b> "Meals"');
  });
});
