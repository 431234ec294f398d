import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  computeDiscountPercent,
  computeMonthlyPrice,
  DS,
  formatUsd,
  PLAN_TABLE,
  toLocalePath,
  selectLocale,
  type PlanType,
} from '@reelkeep/shared-contracts';
import { Icon } from './Icon.tsx';
import * as styles from './PlansTeaser.module.css';

/** The three plans the teaser shows; the checkout offers them all. */
const TEASER_PLANS: readonly PlanType[] = ['1M', '1Y', 'LFT'];

/** A plans teaser from the plan table (docs/commerce.md "Derived prices"): price, saving and the per-month figure. */
export function PlansTeaser() {
  const { t } = useTranslation('landing');
  const locale = useSelector(selectLocale);
  const checkout = toLocalePath(locale, '/checkout');
  return (
    <section className={DS.sectionMuted} aria-labelledby="plans-title">
      <div className={DS.container}>
        <p className={DS.eyebrow}>{t('plans.eyebrow')}</p>
        <h2 id="plans-title" className={DS.h2}>
          {t('plans.title')}
        </h2>
        <p className={DS.lead}>{t('plans.lead')}</p>
        <div className={`${DS.grid3} ${styles.plans}`}>
          {TEASER_PLANS.map((type) => {
            const plan = PLAN_TABLE.find((row) => row.type === type)!;
            const discount = computeDiscountPercent(plan.price, plan.originPrice);
            const monthly = computeMonthlyPrice(plan);
            return (
              <article key={type} className={`${DS.card} ${styles.plan}`} data-featured={plan.isMain}>
                {plan.isMain && <p className={DS.badge}>{t('plans.popular')}</p>}
                <h3 className={DS.h3}>{t(`plans.names.${type}`)}</h3>
                <p className={styles.price}>
                  <span className={styles.amount}>{formatUsd(plan.price, locale)}</span>
                  {discount > 0 && <s className={styles.origin}>{formatUsd(plan.originPrice, locale)}</s>}
                </p>
                <p className={styles.detail}>
                  {monthly !== null ? t('plans.per_month', { amount: formatUsd(monthly, locale) }) : t('plans.once')}
                  {discount > 0 && <span className={styles.save}>{t('plans.save', { percent: discount })}</span>}
                </p>
                <ul className={styles.perks}>
                  {(['devices', 'updates', 'support'] as const).map((perk) => (
                    <li key={perk}>
                      <Icon name="check" className={styles.tick} />
                      {t(`plans.perks.${perk}`)}
                    </li>
                  ))}
                </ul>
                <a className={plan.isMain ? DS.buttonPrimary : DS.buttonSecondary} href={`${checkout}?plan=${type}`}>
                  {t('plans.choose')}
                </a>
              </article>
            );
          })}
        </div>
        <p className={styles.more}>
          <a href={checkout}>{t('plans.compare')}</a>
        </p>
      </div>
    </section>
  );
}
