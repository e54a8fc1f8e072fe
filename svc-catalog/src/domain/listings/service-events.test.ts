import { announceStatusChange, announceUpdate, changesWhatVisitorsSee, serviceChange, statusChange } from './service-events';
import { listing } from '../../testing/builders';
import { FakeEvents } from '../../testing/fakes';

const published = listing({ name: 'Green Fork Kitchen', contact: { email: 'hi@greenfork.com', phone: '', website: 'https://greenfork.com', socialLinks: [] }, version: 4 });

describe('whether visitors see a change', () => {
  it('when a published listing changes what its page or card shows (name, tagline, claimable, submission metadata), then visitors see it', () => {
    expect(changesWhatVisitorsSee(published, { ...published, tagline: 'Fresh weekly' })).toBe(true);
    expect(changesWhatVisitorsSee(published, { ...published, ownerUserId: 'ann' })).toBe(true);
    expect(changesWhatVisitorsSee(published, { ...published, metadata: { place: { latitude: 30, longitude: -97 } } })).toBe(true);
  });

  it('when only the version, the time of the write or a new owner of an already owned listing changes, then visitors see nothing', () => {
    const owned = { ...published, ownerUserId: 'ann' };
    expect(changesWhatVisitorsSee(published, { ...published, version: 5, updatedAt: '2026-07-01T00:00:00.000Z' })).toBe(false);
    expect(changesWhatVisitorsSee(owned, { ...owned, ownerUserId: 'bea' })).toBe(false);
  });

  it('when a listing nobody sees (draft, pending, rejected) changes, then visitors see nothing; when it becomes or stops being public, they do', () => {
    const draft = { ...published, status: 'draft' as const };
    expect(changesWhatVisitorsSee(draft, { ...draft, name: 'New Name', tagline: 'x' })).toBe(false);
    expect(changesWhatVisitorsSee({ ...draft, status: 'pending' }, { ...draft, status: 'rejected' })).toBe(false);
    expect(changesWhatVisitorsSee(draft, published)).toBe(true);
    expect(changesWhatVisitorsSee(published, { ...published, status: 'pending' })).toBe(true);
    expect(changesWhatVisitorsSee(published, { ...published, status: 'closed' })).toBe(true);
  });

  it('when a listing is new or deleted (nothing to compare with), then visitors see it only if it is public', () => {
    expect(changesWhatVisitorsSee(null, published)).toBe(true);
    expect(changesWhatVisitorsSee(null, { ...published, status: 'draft' })).toBe(false);
  });
});

describe('what the events say', () => {
  it('when a listing changes, then the event names it as it now is (not its metadata or contact e-mail)', () => {
    const payload = serviceChange({ ...published, featuredUntil: '2026-07-01T00:00:00.000Z', media: { logoImageId: 'logo-1' } }, published);
    expect(payload).toEqual({
      serviceId: published.id,
      slug: 'green-fork-kitchen',
      status: 'published',
      logoImageId: 'logo-1',
      name: 'Green Fork Kitchen',
      featuredUntil: '2026-07-01T00:00:00.000Z',
      website: 'https://greenfork.com',
      ownerUserId: null,
      photoIds: [],
      version: 4,
      publicChange: true,
    });
  });

  it('when a status changes without the listing as it was, then visitors are said to see it when it was or is public', () => {
    const draft = { ...published, status: 'draft' as const };
    expect(statusChange('draft', { ...draft, status: 'pending' }, null).publicChange).toBe(false);
    expect(statusChange('pending', published, 'Looks good').publicChange).toBe(true);
    expect(statusChange('published', { ...published, status: 'pending' }, null)).toMatchObject({ previousStatus: 'published', reason: null, publicChange: true, status: 'pending' });
  });

  it('when a write announces a status change, then there is one event with the reason, and none when the status stays', () => {
    const events = new FakeEvents();
    const announce = announceStatusChange(events, 'Marked closed');
    expect(announce(published, { ...published, name: 'Renamed' })).toEqual([]);
    expect(announce(null, published)).toEqual([]);
    const [event] = announce(published, { ...published, status: 'closed', version: 5 });
    expect(event).toMatchObject({ type: 'catalog.service.status-changed', payload: { previousStatus: 'published', status: 'closed', reason: 'Marked closed', publicChange: true } });
  });

  it('when a write announces an update, then there is always one updated event saying whether visitors see it', () => {
    const events = new FakeEvents();
    const announce = announceUpdate(events);
    expect(announce(published, { ...published, version: 5 }).map((e) => [e.type, (e.payload as { publicChange: boolean }).publicChange])).toEqual([['catalog.service.updated', false]]);
    expect(announce(published, { ...published, name: 'Renamed', version: 5 }).map((e) => (e.payload as { publicChange: boolean }).publicChange)).toEqual([true]);
  });
});
