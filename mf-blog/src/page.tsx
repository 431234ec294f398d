import { CONTRACT_VERSION, type NotFoundResult, type PageDefinition, type RemotePageModule } from '@reelkeep/shared-contracts';
import { findArticle, PRODUCT_ARTICLES } from './content/articles.ts';
import { DocumentPage, type DocumentValues } from './DocumentPage.tsx';

function documentPage(loader?: PageDefinition<DocumentValues>['loader'], extras: string[] = []): PageDefinition<DocumentValues> {
  return {
    Component: DocumentPage,
    loader,
    head: (t, _match, data) => ({ title: t('title', data ?? {}), description: t('description', data ?? {}) }),
    namespaces: ({ pageName }) => [pageName, ...extras],
  };
}

export default {
  remote: 'mf-blog',
  contractVersion: CONTRACT_VERSION,
  pages: {
    blog: documentPage(),
    policy: documentPage(),
    'article-policy': documentPage(),
    'what-is-product': documentPage(({ params }): DocumentValues | NotFoundResult => {
      const product = PRODUCT_ARTICLES[params.product ?? ''];
      return product ? { product } : { notFound: true };
    }, ['article_common']),
    article: documentPage(({ params }): DocumentValues | NotFoundResult => {
      const article = findArticle(params.article ?? '');
      return article ? { article: article.slug } : { notFound: true };
    }, ['article_common']),
  },
} satisfies RemotePageModule;
