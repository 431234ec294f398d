import { useTranslation } from 'react-i18next';
import { computeDayPrice, formatCents, quotePlan, selectLocale, type OfferPlanDto, type PriceVariant } from '@reelkeep/shared-contracts';
import { checkoutEvents, useCheckoutDispatch, useCheckoutSelector, type CardType, type Devices } from './checkout-slice.ts';
import * as controls from './checkout-controls.module.css';
import * as styles from './PlanCard.module.css';

/** What a plan card shows and whether it can be chosen now. */
export interface PlanCardProps {
  type: CardType;
  /** The plan behind the card: for the lifetime card, the one of the device count chosen. */
  plan: OfferPlanDto;
  variant: PriceVariant;
  active: boolean;
  devices: Devices;
  /** A payment is under way: the choice is locked. */
  paying: boolean;
}

/** One card of the plan list: its prices for the visitor's variant, what it includes and its Select button. */
export function PlanCard({ type, plan, variant, active, devices, paying }: PlanCardProps) {
  const { t } = useTranslation('checkout');
  const dispatch = useCheckoutDispatch();
  const locale = useCheckoutSelector(selectLocale);
  const money = (cents: number) => formatCents(cents, locale);
  const prices = quotePlan(plan, variant, null);
  const featured = plan.type === '1Y' || type === 'LFT';
  const per =
    plan.calculationNum !== null
      ? t('per_month', { price: money(Math.round(prices.priceCents / plan.calculationNum)) })
      : t('per_device', { price: money(Math.round(prices.priceCents / plan.allowNum)) });
  return (
    <li className={`${styles.plan} ${active ? styles.planActive : ''} ${featured ? styles.planFeatured : ''}`}>
      {plan.type === '1Y' && <span className={styles.badge}>{t('badge_main')}</span>}
      {type === 'LFT' && <span className={`${styles.badge} ${styles.badgeDark}`}>{t('badge_lifetime')}</span>}
      <h2 className={styles.planName} id={`checkout-plan-${type}`}>
        {t(`plan_names.${plan.type}`)}
      </h2>
      <p className={styles.price}>
        <strong>{money(prices.priceCents)}</strong>
        {prices.originCents > prices.priceCents && <s className={styles.origin}>{money(prices.originCents)}</s>}
      </p>
      <p className={styles.per}>
        {per}
        {prices.discountPercent > 0 && <span className={styles.save}>{t('save', { percent: prices.discountPercent })}</span>}
      </p>
      {type === 'LFT' && (
        <fieldset className={styles.devices}>
          <legend>{t('devices_label')}</legend>
          {([1, 3, 5] as const).map((count) => (
            <label key={count} className={devices === count ? styles.deviceActive : undefined}>
              <input
                type="radio"
                name="lifetime-devices"
                value={count}
                checked={devices === count}
                disabled={paying}
                onChange={() => dispatch(checkoutEvents.lifetimeDevicesChosen(count))}
              />
              {count}
            </label>
          ))}
        </fieldset>
      )}
      <ul className={styles.features}>
        <li>{t('devices', { count: plan.allowNum })}</li>
        <li>{plan.calculationNum !== null ? t('updates_period', { period: t(`plan_names.${plan.type}`) }) : t('updates_lifetime')}</li>
        {plan.calculationNum !== null && (
          <li>
            {t('per_day', {
              price: formatCents(
                Math.round(computeDayPrice({ price: prices.priceCents / 100, dayNum: plan.dayNum, allowNum: plan.allowNum }) * 100),
                locale,
              ),
            })}
          </li>
        )}
      </ul>
      <button
        type="button"
        className={active ? controls.chosen : controls.choose}
        aria-pressed={active}
        disabled={paying}
        onClick={() => dispatch(checkoutEvents.planChosen(type))}
        data-plan={type}
        id={`checkout-choose-${type}`}
        // Four buttons all named "Select" tell a screen reader nothing: each is named with its plan too.
        aria-labelledby={`checkout-choose-${type} checkout-plan-${type}`}
      >
        {active ? t('selected_plan') : t('select_plan')}
      </button>
    </li>
  );
}
