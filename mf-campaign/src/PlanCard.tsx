import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { formatCents, type SharedState } from '@reelkeep/shared-contracts';
import { toPlanCheckoutHref, type PlanOffer } from './plan-offers.ts';
import * as checkList from './CheckList.module.css';
import * as hidden from './VisuallyHidden.module.css';
import * as styles from './PlanCard.module.css';

/** One plan: its name, the price to pay with the coupon applied, what it replaces, and the way to the checkout. */
export function PlanCard({ offer, source, headingLevel = 3 }: { offer: PlanOffer; source: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('campaign');
  const { current, prefix } = useSelector((state: SharedState) => state.locale);
  const money = (cents: number) => formatCents(cents, current);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className={offer.isMain ? styles.planMain : styles.plan} data-plan={offer.type}>
      {offer.isMain && <span className={styles.ribbon}>{t('pricing.badge_main')}</span>}
      <Heading className={styles.planName}>{t(`pricing.plan_names.${offer.type}`)}</Heading>
      <p className={styles.planDevices}>{offer.allowNum > 1 ? t('pricing.computers', { count: offer.allowNum }) : t('pricing.one_computer')}</p>
      <p className={styles.priceLine}>
        <strong className={styles.price}>{money(offer.totalCents)}</strong>
        {offer.originCents > offer.totalCents && (
          <s className={styles.was}>
            <span className={hidden.visuallyHidden}>{t('pricing.regular_price')} </span>
            {money(offer.originCents)}
          </s>
        )}
      </p>
      <p className={styles.per}>
        {offer.monthlyCents !== null ? t('pricing.per_month', { price: money(offer.monthlyCents) }) : t('pricing.one_payment')}
      </p>
      {offer.savedCents > 0 && <p className={styles.save}>{t('pricing.you_save', { amount: money(offer.savedCents) })}</p>}
      {offer.coupon && (
        <p className={styles.couponApplied}>{t('pricing.coupon_applied', { code: offer.coupon.code, amount: money(offer.coupon.discountCents) })}</p>
      )}
      <ul className={styles.planFacts}>
        <li className={checkList.item}>
          {offer.months !== null ? t('pricing.updates_period', { period: t(`pricing.plan_names.${offer.type}`) }) : t('pricing.updates_lifetime')}
        </li>
        <li className={checkList.item}>{t('pricing.every_service')}</li>
      </ul>
      <a className={offer.isMain ? styles.buyMain : styles.buy} href={toPlanCheckoutHref(prefix, offer, source)}>
        {t('pricing.buy')}
      </a>
    </li>
  );
}
