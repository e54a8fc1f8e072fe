import { ErrorState, Loading } from '@mealprep/ui';
import { Link } from '@mealprep/router';
import { useArticles } from '../api/get-articles';
import { articleItemList, StructuredData } from '../../../lib/structured-data';
import { ArticleDate, TagList } from './article-meta';

export const NO_ARTICLES_TEXT = 'No articles available yet. Check back soon!';
export const MAX_CARD_TAGS = 3;

export function ArticlesList() {
  const { data, isError, isFetching, refetch } = useArticles();

  if (isError && !isFetching) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Loading />;
  if (data.length === 0) return <p className="text-gray-700 dark:text-gray-200">{NO_ARTICLES_TEXT}</p>;

  return (
    <>
      <StructuredData build={(origin) => articleItemList(origin, data)} />
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {data.map((article) => (
          <li key={article.id}>
            <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 focus-within:ring-2 focus-within:ring-emerald-600 hover:shadow-md dark:border-gray-700">
              {article.featuredImageUrl ? (
                <img src={article.featuredImageUrl} alt={article.featuredImageAlt} width={480} height={270} loading="lazy" decoding="async" className="aspect-video w-full object-cover" />
              ) : null}
              <div className="flex flex-1 flex-col gap-3 p-5">
                <p className="flex flex-wrap gap-x-3 text-sm text-gray-600 dark:text-gray-300">
                  {article.category ? <span>{article.category}</span> : null}
                  <ArticleDate iso={article.publishedAt} />
                </p>
                <h2 className="text-lg font-semibold leading-snug">
                  <Link
                    to={`/articles/${encodeURIComponent(article.slug)}`}
                    className="text-gray-900 after:absolute after:inset-0 after:content-[''] hover:text-emerald-800 focus-visible:outline-none dark:text-gray-50 dark:hover:text-emerald-300"
                  >
                    {article.title}
                  </Link>
                </h2>
                {article.excerpt ? <p className="text-sm text-gray-700 dark:text-gray-200">{article.excerpt}</p> : null}
                <div className="mt-auto">
                  <TagList tags={article.tags.slice(0, MAX_CARD_TAGS)} />
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
