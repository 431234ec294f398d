import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toLocalePath, type PageProps, type SharedState } from '@reelkeep/shared-contracts';
import * as styles from './AccountPage.module.css';

/** `/my-account`: who is signed in, where to download the app, and signing out. */
export function MyAccountPage({ pageName }: PageProps<null>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector((state: SharedState) => state.locale.current);
  const user = useSelector((state: SharedState) => state.session.user);
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="account-heading">
      <h1 id="account-heading" className={styles.heading}>{t('heading')}</h1>
      <p className={styles.lead}>{t('greeting', { name: user?.name ?? '' })}</p>
      <dl className={styles.profile}>
        <dt>{t('profile.name')}</dt>
        <dd>{user?.name}</dd>
        <dt>{t('profile.email')}</dt>
        <dd>{user?.email}</dd>
      </dl>
      <h2 className={styles.subheading}>{t('orders.title')}</h2>
      <p className={styles.hint}>{t('orders.empty')} <a href={toLocalePath(locale, '/checkout')}>{t('orders.plans_link')}</a></p>
      <h2 className={styles.subheading}>{t('downloads.title')}</h2>
      <p className={styles.hint}><a href={toLocalePath(locale, '/downloading')}>{t('downloads.link')}</a></p>
      <form method="post" action="/logout" className={styles.form}>
        <input type="hidden" name="locale" value={locale} />
        <button className={styles.secondary} type="submit">{t('logout')}</button>
      </form>
    </section>
  );
}
