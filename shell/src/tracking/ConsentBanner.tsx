import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toLocalePath, selectLocale } from '@reelkeep/shared-contracts';
import * as styles from './ConsentBanner.module.css';

/**
 * The consent question (docs/tracking.md "Consent"): a non-blocking card, two
 * equal choices, and the cookies policy. Nothing but cookieless events is sent until the visitor accepts.
 */
export function ConsentBanner({ onAnswer }: { onAnswer: (state: 'granted' | 'denied') => void }) {
  const { t } = useTranslation('common');
  const locale = useSelector(selectLocale);
  return (
    <section className={styles.banner} role="region" aria-labelledby="rk-consent-title" data-testid="consent-banner" data-prompt="consent-card">
      <h2 id="rk-consent-title" className={styles.title}>
        {t('consent.title')}
      </h2>
      <p className={styles.text}>
        {t('consent.text')} <a href={toLocalePath(locale, '/cookies-policy')}>{t('consent.policy')}</a>
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => onAnswer('denied')}>
          {t('consent.decline')}
        </button>
        <button type="button" className={styles.primary} onClick={() => onAnswer('granted')}>
          {t('consent.accept')}
        </button>
      </div>
    </section>
  );
}
