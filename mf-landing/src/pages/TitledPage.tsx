import { useTranslation } from 'react-i18next';
import type { PageProps } from '@reelkeep/shared-contracts';
import * as styles from './TitledPage.module.css';

/** A page of this squad with its localised heading and lead; each page's content grows from here. */
export function TitledPage({ pageName, data }: PageProps<Record<string, string> | null>) {
  const { t } = useTranslation(pageName);
  return (
    <article className={styles.page} data-page={pageName}>
      <h1 className={styles.heading}>{t('heading', data ?? {})}</h1>
      <p className={styles.lead}>{t('lead', data ?? {})}</p>
    </article>
  );
}
