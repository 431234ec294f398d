import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { DS, toLocalePath, selectLocale, type PageProps } from '@reelkeep/shared-contracts';
import { formatDate, type BlogListData } from './blog-data.ts';
import * as styles from './BlogListPage.module.css';

/** The listing path of a category and page (the guide centre's paths end with a slash). */
export function toListingPath(category: string | null, page: number): string {
  return `/blog/${category ? `category/${category}/` : ''}${page > 1 ? `page/${page}/` : ''}`;
}

/** The guide centre: category tabs, article cards, pagination. */
export function BlogListPage({ data, pageName }: PageProps<BlogListData>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector(selectLocale);
  const link = (path: string) => toLocalePath(locale, path);
  const categories = Object.entries(data.categories).filter(([, count]) => count > 0);
  return (
    <>
      <section className={styles.hero}>
        <div className={DS.container}>
          <p className={DS.eyebrow}>{t('eyebrow')}</p>
          <h1 className={DS.display}>{data.category ? t(`categories.${data.category}`) : t('heading')}</h1>
          <p className={DS.lead}>{t('lead')}</p>
          <nav className={styles.tabs} aria-label={t('categories_label')}>
            <a href={link('/blog/')} aria-current={data.category === null ? 'page' : undefined}>
              {t('all')}
            </a>
            {categories.map(([id, count]) => (
              <a key={id} href={link(toListingPath(id, 1))} aria-current={data.category === id ? 'page' : undefined}>
                {t(`categories.${id}`)} <span className={styles.count}>{count}</span>
              </a>
            ))}
          </nav>
        </div>
      </section>
      {/* A block, not a section: it has no heading of its own (each card is an article with its own). */}
      <div className={DS.section}>
        <div className={DS.container}>
          <ul className={styles.cards}>
            {data.articles.map((article) => (
              <li key={article.new_uuid}>
                <article className={`${DS.card} ${styles.card}`}>
                  <p className={DS.badge}>{t(`categories.${article.category}`)}</p>
                  <h2 className={DS.h3}>
                    <a className={styles.cardLink} href={link(`/${article.new_uuid}`)}>
                      {article.title}
                    </a>
                  </h2>
                  <p className={styles.description}>{article.description}</p>
                  <p className={styles.meta}>
                    <time dateTime={article.updated}>{formatDate(article.updated, locale)}</time>
                    <span aria-hidden="true"> · </span>
                    {t('reading', { count: article.readingMinutes })}
                  </p>
                </article>
              </li>
            ))}
          </ul>
          {data.pageCount > 1 && (
            <nav className={styles.pagination} aria-label={t('pagination_label')}>
              {data.page > 1 && (
                <a href={link(toListingPath(data.category, data.page - 1))} rel="prev">
                  {t('previous')}
                </a>
              )}
              <span>{t('page_of', { page: data.page, count: data.pageCount })}</span>
              {data.page < data.pageCount && (
                <a href={link(toListingPath(data.category, data.page + 1))} rel="next">
                  {t('next')}
                </a>
              )}
            </nav>
          )}
        </div>
      </div>
    </>
  );
}
