import { isNotFound } from '@mealprep/api-client';
import type { BlogPost } from '@mealprep/contracts';
import { ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import type { ReactNode } from 'react';
import { Link } from '@mealprep/router';
import { safeExternalUrl } from '../../../lib/outbound';
import { isPossibleArticleSlug, useArticle } from '../api/get-article';
import { useRecordArticleView } from '../api/record-article-view';
import { blogPosting, breadcrumbList, StructuredData } from '../../../lib/structured-data';
import { ArticleDate, TagList } from './article-meta';

/** Readable defaults for the server-sanitised article HTML (a hand-written "prose"). */
const prose = [
  'max-w-none leading-relaxed text-gray-800 dark:text-gray-200',
  '[&_p]:my-4 [&_h2]:mt-10 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_a]:font-medium [&_a]:text-emerald-800 [&_a]:underline dark:[&_a]:text-emerald-300',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-emerald-600 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_strong]:font-semibold',
  '[&_table]:my-6 [&_table]:w-full [&_td]:border [&_td]:border-gray-300 [&_td]:p-2 [&_th]:border [&_th]:border-gray-300 [&_th]:p-2 dark:[&_td]:border-gray-700 dark:[&_th]:border-gray-700',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-100 [&_pre]:p-4 dark:[&_pre]:bg-gray-900 [&_code]:text-sm',
].join(' ');

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const url = safeExternalUrl(href);
  if (!url) return <>{children}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="underline">
      {children}
    </a>
  );
}

function BackLink() {
  return (
    <Link
      to="/articles"
      className="inline-flex font-medium text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-emerald-300"
    >
      ← Back to Articles
    </Link>
  );
}

function ArticleNotFound() {
  usePageMeta({ title: 'Article Not Found', noindex: true, notFound: true });
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Article Not Found</h1>
      <p className="mt-4 mb-8 text-gray-600 dark:text-gray-300">The article you're looking for doesn't exist.</p>
      <BackLink />
    </section>
  );
}

function ArticleBody({ article }: { article: BlogPost }) {
  usePageMeta({
    title: article.metaTitle || article.title,
    description: article.metaDescription || article.excerpt || undefined,
    url: `/articles/${article.slug}`,
    image: article.featuredImageUrl ?? undefined,
    type: 'article',
  });
  const credit = article.featuredImageUnsplash;
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <StructuredData
        build={(origin, site) => [
          blogPosting(origin, article, site.siteName),
          breadcrumbList(origin, [
            { name: 'Home', path: '/' },
            { name: 'Articles', path: '/articles' },
            { name: article.title, path: `/articles/${encodeURIComponent(article.slug)}` },
          ]),
        ]}
      />
      <BackLink />
      <header className="flex flex-col gap-3">
        {article.category ? <p className="text-sm font-semibold uppercase tracking-wide text-emerald-800 dark:text-emerald-300">{article.category}</p> : null}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{article.title}</h1>
        <p className="flex flex-wrap gap-x-3 text-gray-600 dark:text-gray-300">
          {article.author ? <span>By {article.author}</span> : null}
          <ArticleDate iso={article.publishedAt} />
        </p>
        <TagList tags={article.tags} />
      </header>
      {article.featuredImageUrl ? (
        <figure>
          <img
            src={article.featuredImageUrl}
            alt={article.featuredImageAlt || credit?.altDescription || ''}
            width={1600}
            height={900}
            fetchPriority="high"
            className="aspect-video w-full rounded-xl object-cover"
          />
          {credit?.photographerName ? (
            <figcaption className="mt-2 text-sm text-gray-600 dark:text-gray-300">
              Photo by <ExternalLink href={credit.photographerUrl}>{credit.photographerName}</ExternalLink> on <ExternalLink href={credit.unsplashUrl}>Unsplash</ExternalLink>
            </figcaption>
          ) : null}
        </figure>
      ) : null}
      {/* The catalog service sanitises article HTML before it is stored and served. */}
      <div className={prose} dangerouslySetInnerHTML={{ __html: article.content }} />
    </article>
  );
}

export function ArticlePage({ slug }: { slug: string }) {
  const { data, error, isError, isFetching, refetch } = useArticle(slug);
  useRecordArticleView(data?.id);

  if (!isPossibleArticleSlug(slug) || isNotFound(error)) return <ArticleNotFound />;
  if (isError && !isFetching) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Loading />;
  return <ArticleBody article={data} />;
}
