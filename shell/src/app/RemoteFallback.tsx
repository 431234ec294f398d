import { useTranslation } from 'react-i18next';
import * as styles from './RemoteFallback.module.css';

/** The localised stand-in for a region whose remote is unavailable (docs/operations.md "When a remote is broken"). */
export function RemoteFallback() {
  const { t } = useTranslation('common');
  return (
    <section className={styles.fallback} role="alert" data-remote-fallback="">
      <h1 className={styles.title}>{t('remote_unavailable.title')}</h1>
      <p>{t('remote_unavailable.body')}</p>
      <a className={styles.retry} href="">
        {t('remote_unavailable.retry')}
      </a>
    </section>
  );
}
