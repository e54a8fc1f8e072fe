import mongoose from 'mongoose';
import { demoServices } from '@mealprep/demo-data';

/**
 * `count` services in the catalog database, cycling through the demo ones with numbered names and
 * slugs. With `allStatuses` the demo statuses and featuring are kept (the admin table's mix);
 * otherwise every one is published.
 */
export async function seedServices(uri: string, count: number, options: { allStatuses?: boolean } = {}): Promise<void> {
  const base = options.allStatuses ? demoServices() : demoServices().filter((s) => s.status === 'published');
  const docs = Array.from({ length: count }, (_, i) => {
    const s = base[i % base.length]!;
    const n = Math.floor(i / base.length);
    const { id: _id, ...rest } = s;
    const created = new Date(Date.now() - i * 60_000);
    return {
      ...rest,
      name: `${s.name} ${n}`,
      slug: `${s.slug}-${n}`,
      status: options.allStatuses ? s.status : 'published',
      featuredUntil: options.allStatuses && s.featuredUntil ? new Date(s.featuredUntil) : null,
      createdAt: created,
      updatedAt: created,
      publishedAt: created,
    };
  });
  const connection = await mongoose.createConnection(uri, { dbName: 'catalog' }).asPromise();
  for (let i = 0; i < docs.length; i += 500) await connection.collection('services').insertMany(docs.slice(i, i + 500));
  await connection.close();
}
