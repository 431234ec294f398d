import { useTranslation } from '@reelkeep/shared-contracts/i18n-react';
import type { PageProps } from '@reelkeep/shared-contracts';
import * as styles from './CampaignPage.module.css';

/** A campaign page: a hero band with the localised heading and lead. */
export function CampaignPage({ pageName }: PageProps<null>) {
  const { t } = useTranslation(pageName);
  return (
    <section className={styles.hero}>
      <div className={styles.inner}>
        <h1 className={styles.heading}>{t('heading')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </div>
    </section>
  );
}
