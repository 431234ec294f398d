import { lazy, Suspense, useCallback, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkField,
  couponAnswerSchema,
  couponProblem,
  createOsSwitchedAction,
  formatCents,
  orderPlacedAnswerSchema,
  pickTopCoupons,
  postJson,
  type PostedInput,
  type couponRequestSchema,
  type orderRequestSchema,
  PRICE_VARIANT_COOKIE,
  planPriceCents,
  quotePlan,
  quoteUpgrade,
  toLocalePath,
  toPriceVariant,
  selectAbValues,
  selectLocale,
  selectUser,
  type OrderDto,
  type PageProps,
} from '@reelkeep/shared-contracts';
import type { CheckoutData } from './loaders.server.ts';
import { CARD_TYPES, checkoutEvents, LIFETIME, selectCheckoutState, useCheckoutDispatch, useCheckoutSelector } from './checkout-slice.ts';
import { CampaignCountdown } from './CampaignCountdown.tsx';
import { CouponForm } from './CouponForm.tsx';
import { OrderForm } from './OrderForm.tsx';
import { PlanCard } from './PlanCard.tsx';
import { SandboxPayment } from './SandboxPayment.tsx';
import { ThankYou } from './ThankYou.tsx';
import { useNow } from './use-now.ts';
import * as controls from './checkout-controls.module.css';
import * as styles from './CheckoutPage.module.css';

const StripePayment = lazy(() => import('./StripePayment.tsx'));

/** `/checkout`: plans per OS, coupons, the e-mail of a visitor without an account, payment and the licence. */
export function CheckoutPage({ data }: PageProps<CheckoutData>) {
  const { t } = useTranslation('checkout');
  const dispatch = useCheckoutDispatch();
  const locale = useCheckoutSelector(selectLocale);
  const user = useCheckoutSelector(selectUser);
  const variant = toPriceVariant(useCheckoutSelector(selectAbValues)[PRICE_VARIANT_COOKIE]);
  // docs/sharing.md "One store": the checkout's own slice, opened from this page's data (checkout-slice.ts).
  const { os, cardType, devices, coupon, email, order, clientSecret, upgrade, upgradeId, appliedId } = useCheckoutSelector(selectCheckoutState);
  const { offer } = data;
  const hasMac = offer.plans.mac !== null;
  const now = useNow(data.now);

  const plans = (os === 'mac' ? offer.plans.mac : offer.plans.win) ?? offer.plans.win;
  const planOf = (type: string) => plans.find((plan) => plan.type === type)!;
  const selectedType = cardType === 'LFT' ? LIFETIME[devices] : cardType;
  const selected = planOf(selectedType);
  // docs/commerce.md "Upgrades": against the licence being upgraded, a plan costs its price less the licence's credit, without coupons.
  const upgradeSource = upgrade?.offer?.source ?? null;
  const upgradeQuote = upgradeSource
    ? quoteUpgrade(upgradeSource, { os, type: selected.type, priceCents: planPriceCents(selected, variant).priceCents }, now)
    : null;
  const upgradeProblem = upgradeQuote && 'problem' in upgradeQuote ? upgradeQuote.problem : null;
  const upgradeCredit = upgradeQuote && !('problem' in upgradeQuote) ? upgradeQuote : null;
  const planQuote = quotePlan(selected, variant, upgradeSource ? null : coupon);
  const quote = upgradeCredit ? { ...planQuote, totalCents: upgradeCredit.totalCents } : planQuote;
  const topCoupons = useMemo(
    () => pickTopCoupons(offer.coupons, selected.type, planPriceCents(selected, variant).priceCents),
    [offer.coupons, selected, variant],
  );
  // Stable, as `SandboxPayment` polls with it in an effect while the countdown re-renders the page every second.
  const markPaid = useCallback((paid: OrderDto) => dispatch(checkoutEvents.orderUpdated(paid)), [dispatch]);
  const money = (cents: number) => formatCents(cents, locale);
  const osName = (value: 'win' | 'mac') => t(value === 'mac' ? 'os_mac' : 'os_win');

  if (order?.status === 'paid' || order?.status === 'refunded') return <ThankYou order={order} />;

  const switchOs = (next: 'win' | 'mac') => {
    dispatch(checkoutEvents.osChosen(next));
    dispatch(createOsSwitchedAction(next));
  };

  const applyCoupon = async (code: string) => {
    dispatch(checkoutEvents.couponRequested(code));
    if (!code.trim()) return;
    const answer = await postJson(
      '/api/checkout/coupon',
      { code, pid: selected.pid, product: offer.product.key } satisfies PostedInput<typeof couponRequestSchema>,
      couponAnswerSchema,
    );
    if ('coupon' in answer) dispatch(checkoutEvents.couponApplied(answer.coupon));
    else dispatch(checkoutEvents.couponRefused(answer.cscode === 0 ? 'network' : (answer.error ?? 'generic')));
  };

  // A coupon that no longer fits the newly chosen plan is dropped with a word why.
  const couponRefusal = coupon ? couponProblem(coupon, selected.type, quote.priceCents) : null;
  const couponFits = !couponRefusal;

  const placeOrder = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(checkoutEvents.orderSubmitted());
    if (!user) {
      const status = checkField('email', email);
      if (status !== 'valid') return void dispatch(checkoutEvents.emailRefused(status === 'empty' ? 'empty' : 'value'));
    }
    dispatch(checkoutEvents.orderRequested());
    const answer = await postJson(
      '/api/checkout/orders',
      {
        product: offer.product.key,
        pid: selected.pid,
        coupon: couponFits && !upgradeSource ? (coupon?.code ?? '') : '',
        email,
        locale,
        upgradeId: upgradeId ?? '',
        appliedId: appliedId ?? '',
      } satisfies PostedInput<typeof orderRequestSchema>,
      orderPlacedAnswerSchema,
    );
    if ('order' in answer) return void dispatch(checkoutEvents.orderPlaced({ order: answer.order, clientSecret: answer.payment.clientSecret }));
    if (answer.field === 'email') return void dispatch(checkoutEvents.orderRefused({ field: 'email', error: answer.error ?? 'value' }));
    if (answer.field === 'coupon') return void dispatch(checkoutEvents.orderRefused({ field: 'coupon', error: answer.error ?? 'generic' }));
    dispatch(checkoutEvents.orderRefused({ field: null, error: answer.cscode === 0 ? 'network' : (answer.error ?? 'generic') }));
  };

  const paying = order?.status === 'pending';

  return (
    <div className={styles.checkout} data-os={os} data-variant={variant}>
      <header className={styles.top}>
        <div>
          <h1 className={controls.heading}>{t('heading')}</h1>
          <p className={styles.lead}>
            {t(os === 'mac' ? 'lead_mac' : 'lead_win', { product: os === 'mac' ? offer.product.macName : offer.product.name })}
          </p>
        </div>
        <div className={styles.osSwitch} role="group" aria-label={t('os_label')}>
          {(['win', 'mac'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={os === value}
              disabled={paying || (value === 'mac' && !hasMac)}
              onClick={() => switchOs(value)}
            >
              {osName(value)}
            </button>
          ))}
        </div>
      </header>
      {!hasMac && <p className={controls.note}>{t('os_mac_unavailable')}</p>}
      {upgradeSource && (
        <p className={controls.notice} data-upgrade={upgrade?.offer?.orderId}>
          {t('upgrade_notice', { plan: t(`plan_names.${upgradeSource.type}`), os: osName(upgradeSource.os) })}
        </p>
      )}
      {upgrade?.error && (
        <p className={controls.notice} role="alert">
          {t(`errors.${upgrade.error}`)}{' '}
          {upgrade.error === 'upgrade_sign_in' && (
            <a
              href={`${toLocalePath(locale, '/login')}?${new URLSearchParams({
                return: `${toLocalePath(locale, '/checkout')}?${new URLSearchParams({ upgrade_id: upgradeId ?? '', ...(appliedId ? { applied_id: appliedId } : {}) })}`,
              })}`}
            >
              {t('upgrade_sign_in_link')}
            </a>
          )}
        </p>
      )}
      {appliedId && !upgradeSource && <p className={controls.notice}>{t('applied_notice', { id: appliedId })}</p>}
      {offer.campaign && offer.campaign.endsAt > now && <CampaignCountdown name={offer.campaign.name} endsAt={offer.campaign.endsAt} now={now} />}

      <div className={styles.layout}>
        <div className={styles.choice}>
          <ul className={styles.plans} aria-label={t('heading')}>
            {CARD_TYPES.map((type) => (
              <PlanCard
                key={type}
                type={type}
                plan={planOf(type === 'LFT' ? LIFETIME[devices] : type)}
                variant={variant}
                active={cardType === type}
                devices={devices}
                paying={paying}
              />
            ))}
          </ul>
          {/* Narrow screens: the summary comes after four tall cards, so the choice and its total stay in view
              at the bottom while the cards scroll, and lead to it (CSS only: sticky inside this column). */}
          <div className={styles.stickyTotal}>
            <p>
              <span>{t(`plan_names.${selected.type}`)}</span>
              <strong>{money(quote.totalCents)}</strong>
            </p>
            <a className={`${controls.primary} ${styles.stickyContinue}`} href="#summary-heading">
              {t('continue')}
            </a>
          </div>
        </div>

        <aside className={styles.summary} aria-labelledby="summary-heading">
          <h2 id="summary-heading" className={styles.summaryHeading}>
            {t('summary_heading')}
          </h2>
          <dl className={styles.lines}>
            <dt>
              {t('summary_plan', {
                plan: `${t(`plan_names.${selected.type}`)}${selected.allowNum > 1 ? ` (${t('devices', { count: selected.allowNum })})` : ''}`,
                os: osName(os),
              })}
            </dt>
            <dd>{money(quote.priceCents)}</dd>
            {upgradeCredit && (
              <>
                <dt>{t('summary_upgrade_credit')}</dt>
                <dd className={styles.discount} data-testid="upgrade-credit">
                  −{money(upgradeCredit.creditCents)}
                </dd>
              </>
            )}
            {quote.discountCents > 0 && coupon && (
              <>
                <dt>{t('summary_discount', { code: coupon.code })}</dt>
                <dd className={styles.discount}>−{money(quote.discountCents)}</dd>
              </>
            )}
            <dt className={styles.total}>{t('summary_total')}</dt>
            <dd className={styles.total} data-testid="total">
              {money(quote.totalCents)}
            </dd>
          </dl>
          {upgradeProblem && (
            <p className={controls.error} role="alert">
              {t(`errors.${upgradeProblem}`)}
            </p>
          )}

          {!paying && (
            <>
              {!upgradeSource && (
                <CouponForm
                  discountCents={quote.discountCents}
                  refusal={couponRefusal}
                  topCoupons={topCoupons}
                  onApply={(code) => void applyCoupon(code)}
                />
              )}
              <OrderForm blocked={upgradeProblem !== null} onSubmit={placeOrder} />
            </>
          )}

          {paying && order && (
            <div className={styles.payment} data-order-id={order.id}>
              {offer.provider.kind === 'stripe' && clientSecret ? (
                <Suspense fallback={<p className={controls.hint}>{t('paying')}</p>}>
                  <StripePayment
                    publishableKey={offer.provider.publishableKey}
                    clientSecret={clientSecret}
                    order={order}
                    onBack={() => dispatch(checkoutEvents.paymentLeft())}
                  />
                </Suspense>
              ) : (
                <SandboxPayment order={order} onPaid={markPaid} onBack={() => dispatch(checkoutEvents.paymentLeft())} />
              )}
            </div>
          )}
          <p className={styles.guarantee}>{t('guarantee')}</p>
        </aside>
      </div>
    </div>
  );
}
