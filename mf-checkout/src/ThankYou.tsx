import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toLocalePath, selectLocale, type OrderDto } from '@reelkeep/shared-contracts';
import * as controls from './checkout-controls.module.css';
import * as styles from './ThankYou.module.css';

/** The thank-you state: the licence key (copyable), what it allows, the receipt and where to go next. */
export function ThankYou({ order }: { order: OrderDto }) {
  const { t } = useTranslation('checkout');
  const locale = useSelector(selectLocale);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const licence = order.licence;
  const copyKey = async () => {
    if (!licence) return;
    try {
      // A browser without the clipboard API (or an insecure page) refuses like one that says no.
      await navigator.clipboard.writeText(licence.key);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <section className={styles.thanks} aria-labelledby="thanks-heading" data-order={order.id}>
      <div className={styles.tick} aria-hidden="true">
        ✓
      </div>
      <h1 id="thanks-heading" className={controls.heading}>
        {t('thanks_heading')}
      </h1>
      {licence && (
        <div className={styles.keyBox}>
          <p className={styles.keyLabel}>{t('thanks_key')}</p>
          <div className={`${controls.inline} ${styles.centred}`}>
            <code className={styles.key} data-testid="licence-key">
              {licence.key}
            </code>
            <button type="button" className={controls.ghost} onClick={() => void copyKey()}>
              {copy === 'copied' ? t('copied') : t('copy')}
            </button>
          </div>
          {/* docs/commerce.md "Licences": the spec's copy-fail tip, announced where the key is. */}
          <p role="status" className={controls.hint}>
            {copy === 'failed' ? t('copy_failed') : ''}
          </p>
          <p className={controls.hint}>
            {t('thanks_activate', { count: licence.allowNum })}
            {licence.expiresAt && (
              <>
                {' '}
                {t('thanks_expires', {
                  date: new Intl.DateTimeFormat(locale === 'zh' ? 'zh-Hant' : locale, { dateStyle: 'long' }).format(new Date(licence.expiresAt)),
                })}
              </>
            )}
          </p>
        </div>
      )}
      <p>{t('thanks_receipt', { email: order.email })}</p>
      <p className={controls.hint}>{t('thanks_account')}</p>
      <p className={`${controls.inline} ${styles.centred}`}>
        <a className={controls.primary} href={toLocalePath(locale, '/downloading')}>
          {t('thanks_download')}
        </a>
        <a className={controls.ghost} href={toLocalePath(locale, '/my-account')}>
          {t('thanks_my_account')}
        </a>
      </p>
    </section>
  );
}
