import { demoServices } from '@mealprep/demo-data';
import type { EditableService, PublicService } from '@mealprep/contracts';
import { signInternal } from '@mealprep/service-kit';
import { TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { as, useCatalog } from './harness';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const demo = demoServices(NOW);

describe('svc-catalog and the website checks', () => {
  const catalog = useCatalog('catalog-checks', { demo: NOW, now: NOW });

  it('serves svc-checker and svc-media every service (or the ones named) with its version, only to a signed internal call', async () => {
    const url = `${catalog.url}/internal/services/snapshots`;
    const answer = await fetch(url, { headers: signInternal(TEST_IDENTITY_SECRET) });
    expect(answer.status).toBe(200);
    const { items } = (await answer.json()) as { items: Array<{ serviceId: string; website: string; status: string; version: number }> };
    expect(items).toHaveLength(demo.length);
    expect(items.find((s) => s.serviceId === demo[0]!.id)).toMatchObject({ website: demo[0]!.contact.website, status: demo[0]!.status, name: demo[0]!.name, slug: demo[0]!.slug });
    expect(items.every((s) => s.version >= 1)).toBe(true);
    const named = await fetch(url, {
      method: 'POST',
      headers: { ...signInternal(TEST_IDENTITY_SECRET), 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [demo[1]!.id, '65a0000000000000000000ff'] }),
    });
    expect(((await named.json()) as { items: Array<{ serviceId: string }> }).items.map((s) => s.serviceId)).toEqual([demo[1]!.id]);
    expect((await fetch(url)).status).toBe(403);
    expect((await fetch(url, { headers: signInternal('x'.repeat(40)) })).status).toBe(403);
    expect((await fetch(url, { method: 'POST', headers: { ...signInternal(TEST_IDENTITY_SECRET), 'content-type': 'application/json' }, body: JSON.stringify({ ids: ['not-an-id'] }) })).status).toBe(
      400,
    );
  });

  it('when an admin marks a service closed from its check, then the listing is closed with the reason and announced once, however often the event comes', async () => {
    const target = demo.find((s) => s.status === 'published')!;
    const payload = { serviceId: target.id, checkId: '65a000000000000000000001', byUserId: 'boss', byEmail: 'boss@example.com' };
    await catalog.publish('checker.service.closed-confirmed', payload);
    await catalog.publish('checker.service.closed-confirmed', payload);
    await expect.poll(async () => ((await (await fetch(`${catalog.url}/services/by-slug/${target.slug}`)).json()) as PublicService).status).toBe('closed');
    const edit = (await (await fetch(`${catalog.url}/services/${target.id}/edit`, { headers: as('boss', ['admin']) })).json()) as EditableService;
    expect(edit.statusHistory.at(-1)).toMatchObject({ from: 'published', to: 'closed', byEmail: 'boss@example.com', reason: 'Marked closed from its website check' });
    // A third message, for another listing, behind the two: the catalogue takes these one at a time
    // (prefetch 1), so once its change is heard both copies were handled and their events relayed.
    const marker = demo.filter((s) => s.status === 'published')[1]!;
    await catalog.publish('checker.service.closed-confirmed', { ...payload, serviceId: marker.id });
    const changedFor = (id: string) => catalog.events.filter((e) => e.type === 'catalog.service.status-changed' && (e.payload as { serviceId: string }).serviceId === id);
    await expect.poll(() => changedFor(marker.id).length, { timeout: 10_000 }).toBe(1);
    expect(changedFor(target.id)).toHaveLength(1);
  });
});
