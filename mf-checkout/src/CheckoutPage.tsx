import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { PageProps, SharedState } from '@reelkeep/shared-contracts';
import * as styles from './CheckoutPage.module.css';

/** The checkout page: heading and the visitor's OS; plans and payment come with the checkout issue. */
export function CheckoutPage({ pageName }: PageProps<null>) {
  const { t } = useTranslation(pageName);
  const os = useSelector((state: SharedState) => state.os.os);
  return (
    <section className={styles.checkout} data-os={os}>
      <h1 className={styles.heading}>{t('heading')}</h1>
      <p className={styles.lead}>{t(os === 'mac' ? 'lead_mac' : 'lead_win')}</p>
    </section>
  );
}
