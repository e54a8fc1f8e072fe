import { createHash, randomUUID } from 'node:crypto';
import type { EditableService, PublicService, ReviewPage } from '@mealprep/contracts';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { newReviewId } from '../src/data-access/review-repository';
import { migrateReviewRecords } from '../src/domain/reviews/review-migration';
import { textKey } from '../src/domain/reviews/review-checks';
import { sampleListing, useCatalog } from './harness';
import { NOW, admin, ownerCalled, visitor } from './reviewers';

const owner = ownerCalled('owner-records', 'owner@records.example.com');

describe("the records kept beside a listing's reviews", () => {
  const catalog = useCatalog('catalog-review-records', { now: NOW });
  const send = catalog.send;

  async function publishedListing(slug: string): Promise<string> {
    const created = await send('POST', '/services', owner(), sampleListing(`Kitchen ${slug}`, slug));
    const id = created.body.id as string;
    expect((await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'published' })).status).toBe(200);
    return id;
  }
  const page = async (slug: string) => (await send('GET', `/services/by-slug/${slug}/reviews`)).body as unknown as ReviewPage;
  const rating = async (slug: string) => ((await send('GET', `/services/by-slug/${slug}`)).body as unknown as PublicService).rating;

  it("when svc-catalog stopped after storing a review and before keeping its records, then the review's event keeps them: it is shown with the rating it makes", async () => {
    const id = await publishedListing('interrupted-kitchen');
    const service = (await catalog.repositories.services.findById(id))!;
    const reviewId = newReviewId();
    const text = 'Generous portions, and the vegan chili is outstanding.';
    // What a writer that stopped right after the review's write leaves: the review carrying its event (the outbox relays it), nothing else.
    await catalog.repositories.reviews.insert(
      reviewId,
      {
        serviceId: id,
        userId: 'user-interrupted',
        email: 'interrupted@example.com',
        name: 'Ivy',
        rating: 4,
        text,
        textKey: textKey(text),
        countsForBurst: true,
        status: 'published',
        holdReasons: [],
        createdAt: NOW,
      },
      [
        {
          id: randomUUID(),
          type: 'catalog.review.changed',
          occurredAt: NOW.toISOString(),
          source: 'svc-catalog',
          payload: {
            reviewId,
            serviceId: id,
            serviceName: service.name,
            slug: service.slug,
            status: 'published',
            ownerUserId: service.ownerUserId,
            reviewerUserId: 'user-interrupted',
            change: 'posted',
            shown: true,
            publicChange: true,
            rating: 4,
            reason: null,
          },
        },
      ],
    );
    expect(await rating('interrupted-kitchen')).toEqual({ average: null, count: 0 });

    // The outbox relays what waits every few seconds.
    await expect.poll(async () => (await page('interrupted-kitchen')).items.map((r) => r.name), { timeout: 30_000 }).toEqual(['Ivy']);
    await expect.poll(() => rating('interrupted-kitchen'), { timeout: 30_000 }).toEqual({ average: 4, count: 1 });
    // Their one review of the listing is known: a second is refused.
    expect((await send('POST', `/services/${id}/reviews`, visitor('interrupted'), { rating: 5, text: 'Trying to review the same kitchen twice here.', name: 'Ivy' })).status).toBe(409);
  });

  it('when a catalogue kept its reviews before their records were kept apart, then the first start makes the records from them and moves the trails off the listings', async () => {
    const id = await publishedListing('legacy-kitchen');
    const legacyId = (userId: string) => createHash('sha256').update(`${id}\n${userId}`).digest('hex').slice(0, 24);
    const reviews = catalog.db.connection.collection('reviews');
    const old = (userId: string, name: string, stars: number, status: string, text: string, day: number) => ({
      _id: legacyId(userId) as unknown as Types.ObjectId,
      serviceId: id,
      userId,
      email: `${userId}@example.com`,
      name,
      rating: stars,
      text,
      textKey: textKey(text),
      status,
      holdReasons: status === 'held' ? ['link'] : [],
      reply: null,
      reports: [],
      openReports: 0,
      reason: null,
      createdAt: new Date(NOW.getTime() - day * 86_400_000),
      editedAt: null,
      version: 0,
    });
    await reviews.insertMany([
      old('user-ada', 'Ada', 5, 'published', 'The best breakfast boxes in all of Austin, truly.', 3),
      old('user-bo', 'Bo', 3, 'published', 'Decent food, but the delivery came late twice.', 2),
      old('user-cy', 'Cy', 1, 'held', 'Order at www.cheaper-elsewhere.example.com instead.', 1),
    ]);
    const step = { at: new Date(NOW.getTime() - 86_400_000), reviewId: legacyId('user-cy'), action: 'held', reason: 'A link', byUserId: null, byEmail: null };
    await catalog.db.connection.collection('services').updateOne({ _id: new Types.ObjectId(id) }, { $set: { reviewTrail: [step], rating: { average: 4, count: 2 } } });
    await catalog.repositories.reviewRecords.migrations.remove('review-records');

    expect(await migrateReviewRecords(catalog.repositories)).toMatchObject({ trails: 1 });
    expect((await page('legacy-kitchen')).items.map((r) => [r.name, r.rating])).toEqual([
      ['Bo', 3],
      ['Ada', 5],
    ]);
    expect((await send('POST', `/services/${id}/reviews`, visitor('ada'), { rating: 4, text: 'Writing a second review of the same kitchen.', name: 'Ada' })).body.error?.message).toBe(
      'You have already reviewed this listing. Edit your review instead.',
    );
    const trail = ((await send('GET', `/services/${id}/edit`, admin())).body as unknown as EditableService).reviewTrail;
    expect(trail).toEqual([{ at: step.at.toISOString(), reviewId: legacyId('user-cy'), action: 'held', reason: 'A link', byEmail: null }]);
    expect(await catalog.db.connection.collection('services').findOne({ _id: new Types.ObjectId(id) }, { projection: { reviewTrail: 1 } })).not.toHaveProperty('reviewTrail');
    // Once is enough.
    expect(await migrateReviewRecords(catalog.repositories)).toEqual({ reviews: 0, trails: 0 });
  });
});
