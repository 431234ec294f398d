import { useTranslation } from 'react-i18next';
import type { PageProps } from '@reelkeep/shared-contracts';
import * as styles from './DocumentPage.module.css';

/** Values a blog page interpolates into its copy (article or product name). */
export type DocumentValues = Record<string, string> | null;

/** A document of the blog squad (guide, article or policy): localised heading and lead. */
export function DocumentPage({ pageName, data }: PageProps<DocumentValues>) {
  const { t } = useTranslation(pageName);
  return (
    <article className={styles.document}>
      <h1 className={styles.heading}>{t('heading', data ?? {})}</h1>
      <p className={styles.lead}>{t('lead', data ?? {})}</p>
    </article>
  );
}
