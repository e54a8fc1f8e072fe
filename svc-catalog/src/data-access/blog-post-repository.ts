import { Schema, Types, type Connection } from 'mongoose';
import type { AdminArticleRow, BlogPost, BlogPostSummary, EventEnvelope } from '@mealprep/contracts';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';

const blogPostSchema = new Schema(
  {
    slug: { type: String, required: true, unique: true },
    title: { type: String, required: true },
    content: { type: String, default: '' },
    excerpt: { type: String, default: '' },
    category: { type: String, default: '' },
    tags: { type: [String], default: [] },
    author: { type: String, default: '' },
    status: { type: String, default: 'draft', index: true },
    publishedAt: { type: Date, default: null, index: true },
    order: { type: Number, default: 0 },
    viewCount: { type: Number, default: 0 },
    featuredImageUrl: { type: String, default: null },
    featuredImageUnsplash: { type: Schema.Types.Mixed, default: null },
    metaTitle: { type: String, default: '' },
    metaDescription: { type: String, default: '' },
  },
  { collection: 'blog_posts', versionKey: false, timestamps: true },
);
blogPostSchema.plugin(carriesEvents);

/** The most ids one find by many keys asks for (the embedded FerretDB reads up to 1,000 by key). */
const IDS_PER_FIND = 1_000;

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a lean document as the driver gives it, read field by field where it is mapped

function toSummary(doc: Doc): BlogPostSummary {
  return {
    id: String(doc._id),
    slug: doc.slug,
    title: doc.title,
    excerpt: doc.excerpt ?? '',
    category: doc.category ?? '',
    tags: doc.tags ?? [],
    author: doc.author ?? '',
    publishedAt: doc.publishedAt ? new Date(doc.publishedAt).toISOString() : null,
    featuredImageUrl: doc.featuredImageUrl ?? null,
    featuredImageAlt: doc.featuredImageUnsplash?.altDescription ?? doc.title,
  };
}

function toPost(doc: Doc): BlogPost {
  return {
    ...toSummary(doc),
    content: doc.content ?? '',
    updatedAt: new Date(doc.updatedAt ?? doc.createdAt ?? 0).toISOString(),
    viewCount: doc.viewCount ?? 0,
    metaTitle: doc.metaTitle ?? '',
    metaDescription: doc.metaDescription ?? '',
    featuredImageUnsplash: doc.featuredImageUnsplash ?? null,
  };
}

/** A stored post as the import compares it with a row. */
export type StoredArticle = Omit<ImportedArticle, 'id' | 'createdAt'> & { ref: unknown };

export interface ImportedArticle {
  /** The file's id when it is an ObjectId; kept for a new post unless another post has it. */
  id: string | null;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  metaDescription: string;
  category: string;
  tags: string[];
  status: 'published' | 'draft';
  publishedAt: Date | null;
  createdAt: Date | null;
}

export type BlogPostRepository = ReturnType<typeof blogPostRepository>;

export function blogPostRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'BlogPost', blogPostSchema);
  const carrier = outbox.carrier(Model);
  return {
    /** Every post, whatever its status, newest first (for the admins). */
    async listAll(): Promise<AdminArticleRow[]> {
      const docs = await Model.find({}, { content: 0 }).sort({ createdAt: -1, _id: -1 }).lean();
      return docs.map((d) => ({
        id: String(d._id),
        slug: d.slug,
        title: d.title,
        status: d.status === 'published' ? 'published' : 'draft',
        publishedAt: d.publishedAt ? new Date(d.publishedAt).toISOString() : null,
        updatedAt: new Date((d as Doc).updatedAt ?? (d as Doc).createdAt ?? 0).toISOString(),
        viewCount: d.viewCount ?? 0,
      }));
    },
    /** Publishes (dating it the first time) or unpublishes a post, with what it announces (given its slug); returns the slug, or null. */
    async setStatus(id: string, status: 'published' | 'draft', now: Date, announce: (slug: string) => EventEnvelope[]): Promise<string | null> {
      const current = await Model.findById(id).lean();
      if (!current) return null;
      const set: Doc = { status };
      if (status === 'published' && !current.publishedAt) set.publishedAt = now;
      const events = announce(current.slug);
      const result = await Model.updateOne({ _id: id }, carrier.update({ $set: set }, events));
      if (result.matchedCount === 0) return null;
      carrier.written([current._id], events);
      return current.slug;
    },
    /** The stored posts with these slugs, as the import compares them (`ref` is the repository's own). */
    async storedForImport(slugs: readonly string[]): Promise<Map<string, StoredArticle>> {
      const docs = (await Model.find({ slug: { $in: slugs } }).lean()) as Doc[];
      return new Map(
        docs.map((d) => [
          d.slug as string,
          {
            ref: d._id,
            slug: d.slug,
            title: d.title,
            content: d.content,
            excerpt: d.excerpt,
            metaDescription: d.metaDescription,
            category: d.category,
            tags: d.tags ?? [],
            status: d.status,
            publishedAt: d.publishedAt ? new Date(d.publishedAt) : null,
          },
        ]),
      );
    },
    /**
     * Writes what the import decided: an update of a stored post, or a new post (the file's id is
     * kept unless another post has it). What the import announces rides on its last write.
     */
    async writeImported(writes: ReadonlyArray<{ stored: StoredArticle | null; post: ImportedArticle }>, events: EventEnvelope[]): Promise<void> {
      // The ids new posts ask for that other posts have: one find by many keys, not one read each.
      const asked = [...new Set(writes.flatMap(({ stored, post }) => (!stored && post.id && Types.ObjectId.isValid(post.id) ? [String(new Types.ObjectId(post.id))] : [])))];
      const taken = new Set<string>();
      for (let start = 0; start < asked.length; start += IDS_PER_FIND) {
        for (const doc of await Model.find({ _id: { $in: asked.slice(start, start + IDS_PER_FIND) } }, { _id: 1 }).lean()) taken.add(String(doc._id));
      }
      for (const [i, { stored, post }] of writes.entries()) {
        const carried = i === writes.length - 1 ? events : [];
        const { createdAt, id, ...fields } = post;
        if (stored) {
          await Model.updateOne({ _id: stored.ref }, carrier.update({ $set: fields }, carried));
          carrier.written([stored.ref], carried);
          continue;
        }
        const doc = { ...fields, ...(createdAt ? { createdAt } : {}) };
        const wanted = id && Types.ObjectId.isValid(id) && !taken.has(String(new Types.ObjectId(id))) ? new Types.ObjectId(id) : new Types.ObjectId();
        await Model.create(carrier.insert({ _id: wanted, ...doc }, carried));
        taken.add(String(wanted));
        carrier.written([wanted], carried);
      }
    },
    async listPublished(limit: number): Promise<BlogPostSummary[]> {
      const docs = await Model.find({ status: 'published' }, { content: 0 }).sort({ publishedAt: -1, _id: 1 }).limit(limit).lean();
      return docs.map((d) => toSummary(d as Doc));
    },
    async findPublishedBySlug(slug: string): Promise<BlogPost | null> {
      const doc = await Model.findOne({ slug, status: 'published' }).lean();
      return doc ? toPost(doc as Doc) : null;
    },
    async isPublished(id: string): Promise<boolean> {
      if (!Types.ObjectId.isValid(id)) return false;
      // By _id alone, which FerretDB finds by key.
      return (await Model.findById(id, { status: 1 }).lean())?.status === 'published';
    },
    /** Adds one view to a published post; false when there is none with that id. */
    async incrementViews(id: string): Promise<boolean> {
      const result = await Model.updateOne({ _id: id, status: 'published' }, { $inc: { viewCount: 1 } });
      return result.matchedCount === 1;
    },
    async listPublishedSlugs(): Promise<Array<{ slug: string; updatedAt: string }>> {
      const docs = await Model.find({ status: 'published' }, { slug: 1, updatedAt: 1 }).lean();
      return docs.map((d) => ({ slug: String((d as Doc).slug), updatedAt: new Date((d as Doc).updatedAt ?? 0).toISOString() }));
    },
    async count(): Promise<number> {
      return Model.estimatedDocumentCount();
    },
    /** What the blog columns do not carry (author, order, image, meta title), set by slug on posts already there. */
    async setPresentation(posts: Array<{ slug: string; author: string; order: number; featuredImageUrl: string | null; featuredImageUnsplash: Doc | null; metaTitle: string }>): Promise<void> {
      if (posts.length === 0) return;
      await Model.bulkWrite(
        posts.map(({ slug, ...fields }) => ({ updateOne: { filter: { slug }, update: { $set: fields } } })),
        { timestamps: false },
      );
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
