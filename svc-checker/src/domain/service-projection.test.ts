import type { EventPayload, ServiceSnapshot } from '@mealprep/contracts';
import { applyServiceChange, applySnapshots, forgetService, loadProjection } from './service-projection';
import { fakeChecks, fakeServices, service } from '../testing/fakes';

const snapshot = (serviceId: string, over: Partial<ServiceSnapshot> = {}): ServiceSnapshot => ({
  serviceId,
  name: 'Green Box Meals',
  slug: 'green-box-meals',
  website: 'https://greenbox.example',
  status: 'published',
  featuredUntil: null,
  logoImageId: 'u-logo',
  version: 3,
  ...over,
});

describe("svc-checker's copy of the catalogue", () => {
  it('a change event is applied at its version with the website and name it gives; one from an older producer without them leaves them out, so what is held stays', async () => {
    const t = fakeServices();
    await applyServiceChange({ services: t.repo }, {
      serviceId: 's1',
      slug: 'green-box',
      status: 'published',
      version: 5,
      name: 'Green Box',
      website: 'https://greenbox.example',
    } as EventPayload<'catalog.service.updated'>);
    await applyServiceChange({ services: t.repo }, { serviceId: 's1', slug: 'green-box', status: 'closed', version: 6 } as EventPayload<'catalog.service.updated'>);
    expect(t.applied).toEqual([
      { id: 's1', slug: 'green-box', status: 'published', version: 5, name: 'Green Box', website: 'https://greenbox.example' },
      { id: 's1', slug: 'green-box', status: 'closed', version: 6 },
    ]);
    expect(Object.keys(t.applied[1]!).sort()).toEqual(['id', 'slug', 'status', 'version']);
  });

  it("an import's services and the whole list at start carry only what checks need, at their versions", async () => {
    const t = fakeServices();
    await applySnapshots({ services: t.repo }, [snapshot('s1'), snapshot('s2', { website: '', version: 9 })]);
    expect(t.applied).toEqual([
      { id: 's1', name: 'Green Box Meals', slug: 'green-box-meals', website: 'https://greenbox.example', status: 'published', version: 3 },
      { id: 's2', name: 'Green Box Meals', slug: 'green-box-meals', website: '', status: 'published', version: 9 },
    ]);
    const askedAt = new Date('2026-03-02T10:00:00.000Z');
    await loadProjection({ services: t.repo }, [snapshot('s3')], askedAt);
    expect(t.synced).toEqual([{ services: [expect.objectContaining({ id: 's3', version: 3 })], askedAt }]);
  });

  it('a deleted service becomes a tombstone and its check row goes with it', async () => {
    const services = fakeServices([service('s1'), service('s2')]);
    const checks = fakeChecks();
    checks.add('s1');
    checks.add('s2');
    await forgetService({ services: services.repo, checks: checks.repo }, 's1');
    expect(services.deleted).toEqual(['s1']);
    expect([...checks.rows.values()].map((r) => r.serviceId)).toEqual(['s2']);
  });
});
