import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { DS, toLocalePath, selectLocale, type ArticleDto, type PageDefinition, type PageProps, type PolicyDto } from '@reelkeep/shared-contracts';
import { formatDate } from './blog-data.ts';
import { GuideSidebar, ResourceBanner } from './GuideExperiments.tsx';
import * as styles from './DocumentPages.module.css';
import { lazy, Suspense } from 'react';
import { waitForPageLoad } from '@reelkeep/shared-contracts';

// docs/sharing.md: the toolbar's code comes after the page has loaded; its links are in the HTML from the start.
const ShareToolbar = lazy(() =>
  waitForPageLoad()
    .then(() => import('@reelkeep/shared-contracts/share'))
    .then((module) => ({ default: module.ShareToolbar })),
);

/** The attribute of the element that holds a document's body (its `html`), where the browser reads it back from. */
export const DOCUMENT_BODY_ATTRIBUTE = 'data-document-body';

/**
 * A document's body is in the page as HTML: the hydration state carries the rest of its data, and the browser reads
 * the body back from the page before it hydrates (docs/architecture.md "The hydration state"), so it is sent once.
 */
export function bodyInDocument<Data extends { html: string }>(): NonNullable<PageDefinition<Data>['dataInDocument']> {
  return {
    carried: ({ html: _inTheDocument, ...rest }) => rest,
    restore: (carried, root) =>
      ({ ...(carried as Omit<Data, 'html'>), html: root.querySelector(`[${DOCUMENT_BODY_ATTRIBUTE}]`)?.innerHTML ?? '' }) as Data,
  };
}

/** An article of the guide centre: breadcrumb, table of contents, body, related guides and a call to action. */
export function ArticlePage({ data }: PageProps<ArticleDto>) {
  const { t } = useTranslation('article_common');
  const locale = useSelector(selectLocale);
  const link = (path: string) => toLocalePath(locale, path);
  return (
    <article>
      <header className={styles.header}>
        <div className={DS.container}>
          <nav aria-label={t('breadcrumb_label')}>
            <ol className={styles.breadcrumb}>
              <li>
                <a href={link('/')}>{t('breadcrumb_home')}</a>
              </li>
              <li>
                <a href={link('/blog/')}>{t('breadcrumb_guides')}</a>
              </li>
              <li aria-current="page">{data.title}</li>
            </ol>
          </nav>
          <h1 className={`${DS.display} ${styles.title}`}>{data.title}</h1>
          <p className={DS.lead}>{data.description}</p>
          <p className={styles.meta}>
            {t('updated', { date: formatDate(data.updated, locale) })}
            <span aria-hidden="true"> · </span>
            {t('reading', { count: data.readingMinutes })}
          </p>
        </div>
      </header>
      <div className={`${DS.container} ${styles.layout}`}>
        <div className={styles.side}>
          {data.toc.length > 2 && (
            <aside className={styles.toc} aria-labelledby="toc-title" data-track-click="toc" data-track-event="guide_jump">
              <h2 id="toc-title" className={styles.tocTitle}>
                {t('toc')}
              </h2>
              <ol>
                {data.toc.map((entry) => (
                  <li key={entry.id}>
                    <a href={`#${entry.id}`}>{entry.text}</a>
                  </li>
                ))}
              </ol>
            </aside>
          )}
          <GuideSidebar pageKey={data.slug} />
        </div>
        <div>
          <div className={`${DS.prose} ${styles.body}`} {...{ [DOCUMENT_BODY_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: data.html }} />
          <ResourceBanner pageKey={data.slug} />
          <aside className={styles.cta} aria-labelledby="article-cta" data-track-exposure="article_cta">
            <h2 id="article-cta" className={DS.h3}>
              {t('cta_title')}
            </h2>
            <p>{t('cta_text')}</p>
            <a className={DS.buttonPrimary} href={link('/downloading')} data-track-click="article_cta" data-track-hover="article_cta">
              {t('cta_button')}
            </a>
          </aside>
          <Suspense fallback={null}>
            <ShareToolbar title={data.title} />
          </Suspense>
        </div>
      </div>
      {data.related.length > 0 && (
        <section className={DS.sectionMuted} aria-labelledby="related-title">
          <div className={DS.container}>
            <h2 id="related-title" className={DS.h2}>
              {t('related')}
            </h2>
            <ul className={styles.related}>
              {data.related.map((article) => (
                <li key={article.new_uuid} className={DS.card}>
                  <a href={link(`/${article.new_uuid}`)}>{article.title}</a>
                  <p className={styles.relatedText}>{article.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </article>
  );
}

/** A policy document (privacy, refund, terms…): title, last update and the text. */
export function PolicyPage({ data }: PageProps<PolicyDto>) {
  const { t } = useTranslation('article_common');
  const locale = useSelector(selectLocale);
  return (
    <article>
      <header className={styles.header}>
        <div className={DS.container}>
          <h1 className={`${DS.display} ${styles.title}`}>{data.title}</h1>
          <p className={styles.meta}>{t('policy_updated', { date: formatDate(data.updated, locale) })}</p>
        </div>
      </header>
      <div className={`${DS.container} ${styles.policyBody}`}>
        <div className={DS.prose} {...{ [DOCUMENT_BODY_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: data.html }} />
      </div>
    </article>
  );
}
