import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { DS, toLocalePath, type PageProps, type SharedState } from '@reelkeep/shared-contracts';
import { Icon } from '../components/Icon.tsx';
import * as styles from './FormPages.module.css';

/** `/contact`: how to reach support, with the answers most people look for first. */
export function ContactPage({ pageName }: PageProps<null>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector((state: SharedState) => state.locale.current);
  return (
    <section className={DS.section}>
      <div className={`${DS.container} ${styles.layout}`}>
        <div>
          <h1 className={DS.display}>{t('heading')}</h1>
          <p className={DS.lead}>{t('lead')}</p>
          <ul className={styles.facts}>
            {(['response', 'languages', 'licence'] as const).map((fact) => (
              <li key={fact}>
                <Icon name="check" className={styles.tick} />
                {t(`facts.${fact}`)}
              </li>
            ))}
          </ul>
        </div>
        <aside className={`${DS.card} ${styles.card}`} aria-labelledby="contact-email-title">
          <h2 id="contact-email-title" className={DS.h3}>{t('email_title')}</h2>
          <p className={DS.muted}>{t('email_text')}</p>
          <p>
            <a className={DS.buttonPrimary} href="mailto:support@reelkeep.com">support@reelkeep.com</a>
          </p>
          <p className={DS.muted}>
            {t('faq_hint')} <a href={toLocalePath(locale, '/faqs')}>{t('faq_link')}</a>
          </p>
        </aside>
      </div>
    </section>
  );
}

/** `/uninstallation`: where the app sends people after it is removed. */
export function UninstallationPage({ pageName }: PageProps<null>) {
  const { t } = useTranslation(pageName);
  const locale = useSelector((state: SharedState) => state.locale.current);
  return (
    <section className={DS.section}>
      <div className={`${DS.container} ${styles.narrow}`}>
        <h1 className={DS.display}>{t('heading')}</h1>
        <p className={DS.lead}>{t('lead')}</p>
        <p className={styles.actions}>
          <a className={DS.buttonPrimary} href={toLocalePath(locale, '/downloading')}>{t('reinstall')}</a>
          <a className={DS.buttonSecondary} href={toLocalePath(locale, '/contact')}>{t('get_help')}</a>
        </p>
      </div>
    </section>
  );
}
