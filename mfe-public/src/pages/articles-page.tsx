import { usePageMeta } from '@mealprep/ui';
import { useParams } from '@mealprep/router';
import { ArticlePage as ArticleDetails } from '../features/articles/components/article-page';
import { ArticlesList } from '../features/articles/components/articles-list';
import { PageHeader } from './page-header';

export function ArticlesPage() {
  usePageMeta({
    title: 'Articles',
    description: 'Articles about meal prep, healthy eating and choosing a meal prep service.',
    url: '/articles',
  });
  return (
    <>
      <PageHeader title="Articles">
        <p>Guides and ideas about meal prep, eating well and choosing a service.</p>
      </PageHeader>
      <ArticlesList />
    </>
  );
}

export function ArticlePage() {
  const { slug = '' } = useParams();
  return <ArticleDetails slug={slug} />;
}
