import { useTranslation } from 'react-i18next';
import type { PageProps } from '@reelkeep/shared-contracts';
import * as styles from './AccountPage.module.css';

/** An account page in its card: localised heading and lead; the forms come with the account issue. */
export function AccountPage({ pageName }: PageProps<null>) {
  const { t } = useTranslation(pageName);
  return (
    <section className={styles.card} aria-labelledby="account-heading">
      <h1 id="account-heading" className={styles.heading}>{t('heading')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
    </section>
  );
}
