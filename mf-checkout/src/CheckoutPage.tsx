import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkField,
  computeDayPrice,
  couponAnswerSchema,
  couponProblem,
  createOsSwitchedAction,
  describeCoupon,
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
  toCouponErrorCode,
  toLocalePath,
  toPriceVariant,
  selectAbValues,
  selectLocale,
  selectUser,
  type OfferPlanDto,
  type OrderDto,
  type PageProps,
} from '@reelkeep/shared-contracts';
import type { CheckoutData } from './loaders.server.ts';
import { CARD_TYPES, checkoutEvents, LIFETIME, selectCheckoutState, useCheckoutDispatch, useCheckoutSelector } from './checkout-slice.ts';
import { SandboxPayment } from './SandboxPayment.tsx';
import { ThankYou } from './ThankYou.tsx';
import * as styles from './CheckoutPage.module.css';

const StripePayment = lazy(() => import('./StripePayment.tsx'));

/** Ticks every second after hydration; the server render and the first browser render use the loader's time. */
function useNow(initial: number): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Countdown({ name, endsAt, now }: { name: string; endsAt: number; now: number }) {
  const { t } = useTranslation('checkout');
  const left = Math.max(0, Math.floor((endsAt - now) / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    <p className={styles.campaign} role="timer" aria-live="off">
      <span>{t('campaign_ends', { name })}</span>
      <strong>
        {t('countdown', {
          days: Math.floor(left / 86400),
          hours: pad(Math.floor(left / 3600) % 24),
          minutes: pad(Math.floor(left / 60) % 60),
          seconds: pad(left % 60),
        })}
      </strong>
    </p>
  );
}

/** `/checkout`: plans per OS, coupons, the e-mail of a visitor without an account, payment and the licence. */
export function CheckoutPage({ data }: PageProps<CheckoutData>) {
  const { t } = useTranslation('checkout');
  const dispatch = useCheckoutDispatch();
  const locale = useCheckoutSelector(selectLocale);
  const user = useCheckoutSelector(selectUser);
  const variant = toPriceVariant(useCheckoutSelector(selectAbValues)[PRICE_VARIANT_COOKIE]);
  // docs/sharing.md "One store": the checkout's own slice, opened from this page's data (checkout-slice.ts).
  const {
    os,
    cardType,
    devices,
    coupon,
    couponCode,
    couponError,
    email,
    emailError,
    formError,
    busy,
    order,
    clientSecret,
    upgrade,
    upgradeId,
    appliedId,
  } = useCheckoutSelector(selectCheckoutState);
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
  const couponRefusal = coupon && couponProblem(coupon, selected.type, quote.priceCents);
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

  const card = (type: (typeof CARD_TYPES)[number]) => {
    const plan: OfferPlanDto = type === 'LFT' ? planOf(LIFETIME[devices]) : planOf(type);
    const prices = quotePlan(plan, variant, null);
    const active = cardType === type;
    const featured = plan.type === '1Y' || type === 'LFT';
    const per =
      plan.calculationNum !== null
        ? t('per_month', { price: money(Math.round(prices.priceCents / plan.calculationNum)) })
        : t('per_device', { price: money(Math.round(prices.priceCents / plan.allowNum)) });
    return (
      <li key={type} className={`${styles.plan} ${active ? styles.planActive : ''} ${featured ? styles.planFeatured : ''}`}>
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
          className={active ? styles.chosen : styles.choose}
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
  };

  return (
    <div className={styles.checkout} data-os={os} data-variant={variant}>
      <header className={styles.top}>
        <div>
          <h1 className={styles.heading}>{t('heading')}</h1>
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
      {!hasMac && <p className={styles.note}>{t('os_mac_unavailable')}</p>}
      {upgradeSource && (
        <p className={styles.notice} data-upgrade={upgrade?.offer?.orderId}>
          {t('upgrade_notice', { plan: t(`plan_names.${upgradeSource.type}`), os: osName(upgradeSource.os) })}
        </p>
      )}
      {upgrade?.error && (
        <p className={styles.notice} role="alert">
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
      {appliedId && !upgradeSource && <p className={styles.notice}>{t('applied_notice', { id: appliedId })}</p>}
      {offer.campaign && offer.campaign.endsAt > now && <Countdown name={offer.campaign.name} endsAt={offer.campaign.endsAt} now={now} />}

      <div className={styles.layout}>
        <div className={styles.choice}>
          <ul className={styles.plans} aria-label={t('heading')}>
            {CARD_TYPES.map(card)}
          </ul>
          {/* Narrow screens: the summary comes after four tall cards, so the choice and its total stay in view
              at the bottom while the cards scroll, and lead to it (CSS only: sticky inside this column). */}
          <div className={styles.stickyTotal}>
            <p>
              <span>{t(`plan_names.${selected.type}`)}</span>
              <strong>{money(quote.totalCents)}</strong>
            </p>
            <a className={styles.primary} href="#summary-heading">
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
            <p className={styles.error} role="alert">
              {t(`errors.${upgradeProblem}`)}
            </p>
          )}

          {!paying && (
            <>
              {!upgradeSource && (
                <form
                  className={styles.couponForm}
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    void applyCoupon(couponCode);
                  }}
                >
                  <label htmlFor="coupon-code">{t('coupon_label')}</label>
                  <div className={styles.inline}>
                    <input
                      id="coupon-code"
                      name="coupon"
                      value={couponCode}
                      autoComplete="off"
                      maxLength={32}
                      aria-invalid={Boolean(couponError) || !couponFits}
                      aria-describedby="coupon-status"
                      onChange={(event) => dispatch(checkoutEvents.couponCodeTyped(event.target.value))}
                    />
                    {coupon ? (
                      <button type="button" className={styles.ghost} onClick={() => dispatch(checkoutEvents.couponRemoved())}>
                        {t('coupon_remove')}
                      </button>
                    ) : (
                      <button type="submit" className={styles.ghost} disabled={busy}>
                        {t('coupon_apply')}
                      </button>
                    )}
                  </div>
                  <p id="coupon-status" className={couponError || !couponFits ? styles.error : styles.ok} role={couponError ? 'alert' : 'status'}>
                    {couponError
                      ? t(`errors.${couponError}`)
                      : couponRefusal
                        ? t(`errors.${toCouponErrorCode(couponRefusal)}`)
                        : coupon
                          ? t('coupon_applied', { code: coupon.code, amount: money(quote.discountCents) })
                          : ''}
                  </p>
                </form>
              )}
              {!upgradeSource && topCoupons.length > 0 && (
                <div className={styles.coupons}>
                  <h3>{t('coupons_heading')}</h3>
                  <ul>
                    {topCoupons.map((entry) => {
                      const { headline, condition } = describeCoupon(entry, locale);
                      return (
                        <li key={entry.code}>
                          <button
                            type="button"
                            className={styles.couponChip}
                            aria-pressed={coupon?.code === entry.code}
                            onClick={() => void applyCoupon(entry.code)}
                          >
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
              <form className={styles.orderForm} noValidate onSubmit={placeOrder}>
                {user ? (
                  <p className={styles.signedIn}>{t('signed_in_as', { email: user.email })}</p>
                ) : (
                  <>
                    <label htmlFor="checkout-email">{t('email_label')}</label>
                    <input
                      id="checkout-email"
                      type="email"
                      name="email"
                      autoComplete="email"
                      value={email}
                      maxLength={254}
                      aria-invalid={Boolean(emailError)}
                      aria-describedby="checkout-email-hint"
                      onChange={(event) => dispatch(checkoutEvents.emailTyped(event.target.value))}
                    />
                    <p id="checkout-email-hint" className={emailError ? styles.error : styles.hint} role={emailError ? 'alert' : undefined}>
                      {emailError ? t(`errors.${emailError}`) : t('email_hint')}
                    </p>
                  </>
                )}
                {formError && (
                  <p className={styles.error} role="alert">
                    {t(`errors.${formError}`)}
                  </p>
                )}
                <button type="submit" className={styles.primary} disabled={busy || upgradeProblem !== null}>
                  {t('continue')}
                </button>
              </form>
            </>
          )}

          {paying && order && (
            <div className={styles.payment} data-order-id={order.id}>
              {offer.provider.kind === 'stripe' && clientSecret ? (
                <Suspense fallback={<p className={styles.hint}>{t('paying')}</p>}>
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
