import {
  CONTRACT_VERSION,
  type ArticleDto,
  type HeadFields,
  type PageDefinition,
  type PolicyDto,
  type RemotePageModule,
  type RouteMatch,
  type Translate,
} from '@reelkeep/shared-contracts';
import { loadArticle, loadBlogList, loadPolicy, loadProductArticle } from './loaders.server.ts';
import { BlogListPage } from './pages/BlogListPage.tsx';
import { ArticlePage, bodyInDocument, PolicyPage } from './pages/DocumentPages.tsx';
import type { BlogListData } from './pages/blog-data.ts';

// Loaders run on the server only (they call the blog squad's API); the browser build drops them.
const blogListLoader = __SERVER__ ? loadBlogList : undefined;
const articleLoader = __SERVER__ ? (context: Parameters<typeof loadArticle>[0]) => loadArticle(context) : undefined;
const productArticleLoader = __SERVER__ ? loadProductArticle : undefined;
const policyLoader = __SERVER__ ? loadPolicy : undefined;

/** schema.org Article and its breadcrumb (Home › Guides › article), plus FAQPage when the article has one. */
function buildArticleHead(t: Translate, match: RouteMatch, data: ArticleDto): HeadFields {
  const structuredData: Record<string, unknown>[] = [
    {
      '@type': 'Article',
      headline: data.title,
      description: data.description,
      datePublished: data.published,
      dateModified: data.updated,
      inLanguage: match.locale === 'zh' ? 'zh-Hant' : match.locale,
      author: { '@type': 'Organization', name: 'ReelKeep' },
      publisher: { '@type': 'Organization', name: 'ReelKeep' },
    },
    {
      '@type': 'BreadcrumbList',
      itemListElement: [t('breadcrumb_home'), t('breadcrumb_guides'), data.title].map((name, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name,
      })),
    },
  ];
  if (data.faq.length > 0) {
    structuredData.push({
      '@type': 'FAQPage',
      mainEntity: data.faq.map((item) => ({ '@type': 'Question', name: item.q, acceptedAnswer: { '@type': 'Answer', text: item.a } })),
    });
  }
  return {
    title: t('title', { title: data.title }),
    description: data.description,
    type: 'article',
    structuredData,
    locales: data.locales,
    canonicalPath: `/${data.slug}`,
  };
}

const articlePage = (loader: PageDefinition<ArticleDto>['loader']): PageDefinition<ArticleDto> => ({
  Component: ArticlePage,
  loader,
  head: buildArticleHead,
  namespaces: () => ['article_common'],
  dataInDocument: bodyInDocument<ArticleDto>(),
});

const policyPage: PageDefinition<PolicyDto> = {
  Component: PolicyPage,
  loader: policyLoader,
  head: (t, _match, data) => ({
    title: t('title', { title: data.title }),
    description: data.description,
    locales: data.locales,
    canonicalPath: `/${data.slug}`,
  }),
  namespaces: () => ['article_common'],
  dataInDocument: bodyInDocument<PolicyDto>(),
};

export default {
  remote: 'mf-blog',
  contractVersion: CONTRACT_VERSION,
  pages: {
    blog: {
      Component: BlogListPage,
      loader: blogListLoader,
      namespaces: () => ['blog'],
      head: (t, _match, data: BlogListData) => {
        const heading = data.category ? t(`categories.${data.category}`) : t('heading');
        const page = data.page > 1 ? t('page_of', { page: data.page, count: data.pageCount }) : '';
        return { title: t('title', { heading, page: page ? ` (${page})` : '' }), description: t('description') };
      },
    },
    article: articlePage(articleLoader),
    'what-is-product': articlePage(productArticleLoader),
    policy: policyPage,
    'article-policy': policyPage,
  },
} satisfies RemotePageModule;
