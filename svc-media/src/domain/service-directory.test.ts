import type { EventPayload, ServiceSnapshot } from '@mealprep/contracts';
import { applyServiceChange, applySnapshots, retireService } from './service-directory';
import { fakeDirectory, fakeMedia, mediaRecord } from '../testing/fakes';

const snapshot = (over: Partial<ServiceSnapshot> & { serviceId: string }): ServiceSnapshot => ({
  name: 'Green Box Meals',
  slug: 'green-box-meals',
  website: 'https://greenbox.example',
  status: 'published',
  featuredUntil: null,
  logoImageId: null,
  version: 1,
  ...over,
});

function setUp() {
  const media = fakeMedia([
    mediaRecord({ id: 'u-logo', uploadedBy: 'user-ana' }),
    mediaRecord({ id: 'u-taken', associatedEntityId: 'svc-other' }),
    mediaRecord({ id: 'u-old-1', associatedEntityId: 'svc-1' }),
    mediaRecord({ id: 'u-old-2', associatedEntityId: 'svc-1', deletedAt: '2026-01-01T00:00:00.000Z' }),
    mediaRecord({ id: 'u-keep', associatedEntityId: 'svc-2' }),
  ]);
  const directory = fakeDirectory();
  return { media, directory, deps: { media: media.repo, directory: directory.repo } };
}

describe("svc-media's copy of the catalogue", () => {
  it('a listing that now uses an uploaded logo makes that upload its media item; a logo another service has is not taken over', async () => {
    const t = setUp();
    const change = { serviceId: 'svc-1', slug: 'green-box-meals', status: 'published', version: 3, logoImageId: 'u-logo' } as EventPayload<'catalog.service.updated'>;
    await applyServiceChange(t.deps, change);
    await applyServiceChange(t.deps, { ...change, logoImageId: 'u-taken', version: 4 });
    expect(t.media.items.get('u-logo')?.associatedEntityId).toBe('svc-1');
    expect(t.media.items.get('u-taken')?.associatedEntityId).toBe('svc-other');
  });

  it('a change names the version and leaves out what an older producer did not say, so it stays as it was', async () => {
    const t = setUp();
    await applyServiceChange(t.deps, { serviceId: 'svc-1', slug: 'green-box-meals', status: 'pending', version: 7 } as EventPayload<'catalog.service.updated'>);
    expect(t.directory.applied).toEqual([{ id: 'svc-1', version: 7, name: undefined, slug: 'green-box-meals', status: 'pending', featuredUntil: undefined }]);
  });

  it("an import's services are applied with their name, featuring and version, and their logos tied to them", async () => {
    const t = setUp();
    await applySnapshots(t.deps, [
      snapshot({ serviceId: 'svc-1', logoImageId: 'u-logo', featuredUntil: '2026-04-01T00:00:00.000Z', version: 2 }),
      snapshot({ serviceId: 'svc-2', name: 'Keto Kitchen' }),
    ]);
    expect(t.directory.applied).toEqual([
      { id: 'svc-1', name: 'Green Box Meals', slug: 'green-box-meals', status: 'published', featuredUntil: '2026-04-01T00:00:00.000Z', version: 2 },
      { id: 'svc-2', name: 'Keto Kitchen', slug: 'green-box-meals', status: 'published', featuredUntil: null, version: 1 },
    ]);
    expect(t.media.items.get('u-logo')?.associatedEntityId).toBe('svc-1');
  });

  it("a deleted service's media are retired (kept for an admin to restore) and it becomes a tombstone; other services' media stay", async () => {
    const t = setUp();
    const at = new Date('2026-03-02T10:00:00.000Z');
    await retireService(t.deps, 'svc-1', at);
    expect(t.media.items.get('u-old-1')?.deletedAt).toBe(at.toISOString());
    expect(t.media.items.get('u-old-2')?.deletedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(t.media.items.get('u-keep')?.deletedAt).toBeNull();
    expect(t.directory.deleted).toEqual(['svc-1']);
  });
});
