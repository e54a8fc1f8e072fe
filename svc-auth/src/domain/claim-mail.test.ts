import type { EventPayload } from '@mealprep/contracts';
import { mailClaimDecision } from './claim-mail';
import type { StatusMailDeps } from './status-change-mail';
import { fakeEvents, fakeLogger, fakeMailer, fakeNotifications, fakeUsers } from '../testing/fakes';

const SITE = 'https://mealprep.test';
const PUBLIC_URL = `${SITE}/service/green-box-meals`;
const EDIT_URL = `${SITE}/dashboard/services/65f000000000000000000001/edit`;

function setUp() {
  const users = fakeUsers(fakeEvents().written);
  const claimant = users.add('claimant@example.com');
  const owner = users.add('old-owner@example.com');
  const mail = fakeMailer();
  const notifications = fakeNotifications();
  const deps: StatusMailDeps = { users: users.repo, notifications: notifications.repo, mailer: mail.mailer, siteUrl: SITE, logger: fakeLogger().logger };
  return { deps, claimant, owner, mail, notifications };
}

type Decided = EventPayload<'catalog.claim.decided'>;
const decided = (claimantUserId: string, over: Partial<Decided> = {}): Decided => ({
  claimId: 'claim-1',
  serviceId: '65f000000000000000000001',
  serviceName: 'Green Box Meals',
  slug: 'green-box-meals',
  outcome: 'approved',
  claimantUserId,
  previousOwnerUserId: null,
  reason: null,
  ...over,
});

describe('the mails of a decided claim', () => {
  it('an approved claim tells the claimant they now manage the listing, with its edit and public pages', async () => {
    const t = setUp();
    await mailClaimDecision(t.deps, 'event-1', decided(t.claimant.id));
    expect(t.mail.sent).toHaveLength(1);
    const [mail] = t.mail.sent;
    expect(mail).toMatchObject({ to: 'claimant@example.com', subject: 'You now manage Green Box Meals on Meal Prep Directory' });
    expect(mail?.text).toContain('We approved your claim of Green Box Meals.');
    expect(mail?.text).toContain(`Keep it up to date: ${EDIT_URL}`);
    expect(mail?.text).toContain(`See it here: ${PUBLIC_URL}`);
  });

  it('a claim granted at once says why it was granted', async () => {
    const t = setUp();
    await mailClaimDecision(t.deps, 'event-1', decided(t.claimant.id, { outcome: 'granted', reason: 'Your e-mail matches the listing.' }));
    expect(t.mail.sent[0]?.text).toContain('Your claim of Green Box Meals was granted: Your e-mail matches the listing.');
  });

  it('a rejected claim tells the claimant it was not approved, with the reason and only the public page', async () => {
    const t = setUp();
    await mailClaimDecision(t.deps, 'event-1', decided(t.claimant.id, { outcome: 'rejected', reason: 'We could not verify you.' }));
    const [mail] = t.mail.sent;
    expect(mail?.subject).toBe('Your claim of Green Box Meals was not approved');
    expect(mail?.text).toContain('Reason: We could not verify you.');
    expect(mail?.text).toContain(PUBLIC_URL);
    expect(mail?.text).not.toContain(EDIT_URL);
  });

  it('when a dispute gives the listing to the claimant, the previous owner hears it is managed by someone else, without the edit page', async () => {
    const t = setUp();
    await mailClaimDecision(t.deps, 'event-1', decided(t.claimant.id, { previousOwnerUserId: t.owner.id, reason: 'They showed the business licence.' }));
    expect(t.mail.sent.map((m) => m.to)).toEqual(['claimant@example.com', 'old-owner@example.com']);
    const toOwner = t.mail.sent[1];
    expect(toOwner?.subject).toBe('Green Box Meals is now managed by someone else');
    expect(toOwner?.text).toContain('Reason: They showed the business licence.');
    expect(toOwner?.text).not.toContain(EDIT_URL);
  });

  it('when the previous owner is the claimant, they get one mail only', async () => {
    const t = setUp();
    await mailClaimDecision(t.deps, 'event-1', decided(t.claimant.id, { previousOwnerUserId: t.claimant.id }));
    expect(t.mail.sent.map((m) => m.to)).toEqual(['claimant@example.com']);
  });

  it('when the claimant no longer exists, the previous owner is still told', async () => {
    const t = setUp();
    await mailClaimDecision(t.deps, 'event-1', decided('65f0000000000000000000ff', { previousOwnerUserId: t.owner.id }));
    expect(t.mail.sent.map((m) => m.to)).toEqual(['old-owner@example.com']);
  });

  it('the same event delivered twice sends each mail once', async () => {
    const t = setUp();
    const event = decided(t.claimant.id, { previousOwnerUserId: t.owner.id });
    await mailClaimDecision(t.deps, 'event-1', event);
    await mailClaimDecision(t.deps, 'event-1', event);
    expect(t.mail.sent.map((m) => m.to)).toEqual(['claimant@example.com', 'old-owner@example.com']);
  });

  it("when the previous owner's mail fails, the redelivery sends only that one: the claimant is not mailed twice", async () => {
    const t = setUp();
    const event = decided(t.claimant.id, { previousOwnerUserId: t.owner.id });
    const send = t.deps.mailer.send.bind(t.deps.mailer);
    let calls = 0;
    t.deps.mailer.send = async (message) => {
      calls += 1;
      if (calls === 2) throw new Error('SMTP server is down');
      await send(message);
    };
    await expect(mailClaimDecision(t.deps, 'event-1', event)).rejects.toThrow('SMTP server is down');
    await mailClaimDecision(t.deps, 'event-1', event);
    expect(t.mail.sent.map((m) => m.to)).toEqual(['claimant@example.com', 'old-owner@example.com']);
  });
});
