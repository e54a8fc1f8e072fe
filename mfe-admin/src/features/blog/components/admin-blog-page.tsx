import type { AdminArticleRow } from '@mealprep/contracts';
import { AdminTable, Button, EmptyNote, ErrorState, formatDay, Loading, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { Link } from '@mealprep/router';
import { adminArticlesQuery, useSetArticleStatus } from '../api/admin-articles';

/** /dashboard/blog: every post; publish or unpublish. Posts themselves arrive by CSV import. */
export function AdminBlogPage() {
  usePageMeta({ title: 'Blog', noindex: true });
  const posts = useQuery(adminArticlesQuery);
  const changeStatus = useSetArticleStatus();
  const busy = changeStatus.isPending ? changeStatus.variables.id : null;
  const setStatus = (post: AdminArticleRow, status: 'published' | 'draft') => changeStatus.mutate({ id: post.id, status, failure: 'Failed to update blog post' });

  return (
    <section className="space-y-5">
      <h1 className="text-3xl font-bold tracking-tight">Blog</h1>
      {posts.isPending ? (
        <Loading />
      ) : posts.isError ? (
        <ErrorState onRetry={() => void posts.refetch()} />
      ) : posts.data.length === 0 ? (
        <EmptyNote>
          No blog posts yet. Import them from{' '}
          <Link to="/dashboard/import-utilities" className="underline">
            Import Utilities
          </Link>
          .
        </EmptyNote>
      ) : (
        <AdminTable columns={['Title', 'Status', 'Published', 'Views', 'Actions']}>
          {posts.data.map((post) => (
            <tr key={post.id} className="border-b border-gray-100 dark:border-gray-800">
              <td className="py-2 pr-4">
                <div className="font-medium">{post.title}</div>
                <div className="text-xs text-gray-600 dark:text-gray-400">{post.slug}</div>
              </td>
              <td className="py-2 pr-4 capitalize">{post.status}</td>
              <td className="py-2 pr-4">{formatDay(post.publishedAt)}</td>
              <td className="py-2 pr-4">{post.viewCount}</td>
              <td className="py-2">
                <div className="flex items-center gap-2">
                  {post.status === 'published' ? (
                    <>
                      <a href={`/articles/${post.slug}`} target="_blank" rel="noopener noreferrer" className="font-medium text-emerald-700 underline dark:text-emerald-400">
                        View
                      </a>
                      <Button size="sm" variant="outline" disabled={busy === post.id} onClick={() => setStatus(post, 'draft')}>
                        Unpublish
                      </Button>
                    </>
                  ) : (
                    <Button size="sm" disabled={busy === post.id} onClick={() => setStatus(post, 'published')}>
                      Publish
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
