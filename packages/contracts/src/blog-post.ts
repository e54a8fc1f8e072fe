import { z } from 'zod';

export const BlogPostSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  publishedAt: z.string().nullable(),
  featuredImageUrl: z.string().nullable(),
  featuredImageAlt: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const BlogPostSchema = BlogPostSummarySchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  updatedAt: z.string(),
  viewCount: z.number().int(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  featuredImageUnsplash: z
    .object({
      altDescription: z.string(),
      photographerName: z.string(),
      photographerUrl: z.string(),
      unsplashUrl: z.string(),
    })
    .nullable(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogPostListSchema = z.object({ items: z.array(BlogPostSummarySchema) });
export type BlogPostList = z.infer<typeof BlogPostListSchema>;

/** The admins' blog list: every post, whatever its status. */
export const AdminArticleRowSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(['published', 'draft']),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  viewCount: z.number(),
});
export type AdminArticleRow = z.infer<typeof AdminArticleRowSchema>;
export const ArticleStatusBodySchema = z.strictObject({ status: z.enum(['published', 'draft']) });

export const ArticleIdParamsSchema = z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be an article id') });
