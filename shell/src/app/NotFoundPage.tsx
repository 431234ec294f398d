import { useTranslation } from 'react-i18next';
import { toLocalePath, selectLocale } from '@reelkeep/shared-contracts';
import { useSelector } from 'react-redux';
import * as styles from './NotFoundPage.module.css';

/** The localised not-found view; carries the HTTP status in a data attribute (docs/frame.md "Error pages"). */
export function NotFoundPage({ status }: { status: number }) {
  const { t } = useTranslation('common');
  const locale = useSelector(selectLocale);
  return (
    <section className={styles.page} data-status={status}>
      <p className={styles.code}>{status}</p>
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.description')}</p>
      <a className={styles.home} href={toLocalePath(locale, '/')}>
        {t('not_found.home')}
      </a>
    </section>
  );
}

/** The localised error page for other statuses (the message in a heading: docs/frame.md "Error pages"). */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation('common');
  const locale = useSelector(selectLocale);
  return (
    <section className={styles.page} data-status={status}>
      <p className={styles.code}>{status}</p>
      <h1>{t('error.title')}</h1>
      <p>{t('error.description')}</p>
      <a className={styles.home} href={toLocalePath(locale, '/')}>
        {t('error.home')}
      </a>
    </section>
  );
}
