import { useTranslation } from 'react-i18next';
import { describeCoupon, formatCents, selectLocale, toCouponErrorCode, type CouponProblem, type OfferCouponDto } from '@reelkeep/shared-contracts';
import { Field, type FieldClasses } from '@reelkeep/shared-contracts/ui';
import { checkoutEvents, selectCheckoutState, useCheckoutDispatch, useCheckoutSelector } from './checkout-slice.ts';
import * as controls from './checkout-controls.module.css';
import * as forms from './checkout-forms.module.css';
import * as styles from './CouponForm.module.css';

/** The coupon field's parts: its one line shows the coupon applied, or why it does not count. */
const COUPON_FIELD_CLASSES: FieldClasses = {
  label: forms.label!,
  control: `${forms.input} ${forms.rowInput}`,
  hint: controls.ok!,
  problem: controls.error!,
};

/** What the coupon form needs from the page: the discount of the current quote, why the coupon no longer fits, and the coupons to offer. */
export interface CouponFormProps {
  discountCents: number;
  refusal: CouponProblem | null;
  topCoupons: readonly OfferCouponDto[];
  onApply: (code: string) => void;
}

/** The coupon code field with Apply (or Remove) beside it, and the running coupons that fit the chosen plan as one-click chips. */
export function CouponForm({ discountCents, refusal, topCoupons, onApply }: CouponFormProps) {
  const { t } = useTranslation('checkout');
  const dispatch = useCheckoutDispatch();
  const locale = useCheckoutSelector(selectLocale);
  const { coupon, couponCode, couponError, busy } = useCheckoutSelector(selectCheckoutState);
  const problem = couponError ? t(`errors.${couponError}`) : refusal ? t(`errors.${toCouponErrorCode(refusal)}`) : '';
  return (
    <>
      <form
        className={forms.couponForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onApply(couponCode);
        }}
      >
        <Field
          id="coupon-code"
          label={t('coupon_label')}
          classes={COUPON_FIELD_CLASSES}
          messageLine={{ id: 'coupon-status', role: couponError ? 'alert' : 'status' }}
          hint={coupon ? t('coupon_applied', { code: coupon.code, amount: formatCents(discountCents, locale) }) : ''}
          problem={problem}
          rowClass={controls.inline}
          action={
            coupon ? (
              <button type="button" className={controls.ghost} onClick={() => dispatch(checkoutEvents.couponRemoved())}>
                {t('coupon_remove')}
              </button>
            ) : (
              <button type="submit" className={controls.ghost} disabled={busy}>
                {t('coupon_apply')}
              </button>
            )
          }
          name="coupon"
          value={couponCode}
          autoComplete="off"
          maxLength={32}
          onChange={(event) => dispatch(checkoutEvents.couponCodeTyped(event.target.value))}
        />
      </form>
      {topCoupons.length > 0 && (
        <div className={styles.coupons}>
          <h3>{t('coupons_heading')}</h3>
          <ul>
            {topCoupons.map((entry) => {
              const { headline, condition } = describeCoupon(entry, locale);
              return (
                <li key={entry.code}>
                  <button type="button" className={styles.couponChip} aria-pressed={coupon?.code === entry.code} onClick={() => onApply(entry.code)}>
                    <strong>{t(headline.key, headline.values)}</strong>
                    <span>{t(condition.key, condition.values)}</span>
                    <code>{entry.code}</code>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </>
  );
}
