import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import {
  formatCents,
  PRICE_VARIANT_COOKIE,
  selectAbValues,
  toPriceVariant,
  type PageProps,
  type PlanOs,
  type PlanType,
  type SharedState,
} from '@reelkeep/shared-contracts';
import { Countdown, CouponCard } from './CampaignPages.tsx';
import { isCampaignRunning } from './campaign-rules.ts';
import { applicableCoupons, listPlanOffers, toPlanCheckoutHref, type PlanOffer } from './plan-offers.ts';
import type { PlanPageData } from './loaders.server.ts';
import { CampaignShare } from './CampaignShare.tsx';
import { OsSwitch } from './OsSwitch.tsx';
import { PlanCard } from './PlanCard.tsx';
import * as checkList from './CheckList.module.css';
import * as hidden from './VisuallyHidden.module.css';
import * as styles from './PlanPages.module.css';

/** The plans sold per OS on the pricing page, subscriptions first, as the checkout's table lists them. */
const SUBSCRIPTIONS: readonly PlanType[] = ['1M', '6M', '1Y'];
const LIFETIME: readonly PlanType[] = ['LFT', 'LFT_3', 'LFT_5'];
/** The deals of the all-in-one special offer: the yearly plan and the lifetime licences for one and five computers. */
const AIO_DEALS: readonly PlanType[] = ['1Y', 'LFT', 'LFT_5'];
const AIO_FEATURES = ['services', 'quality', 'subtitles', 'batch', 'formats', 'updates'] as const;
const AIO_QUESTIONS = ['coupon', 'devices', 'trial'] as const;
const PRICING_INCLUDES = ['services', 'quality', 'licence', 'support'] as const;

/** The locale's path prefix and language, for links and amounts. */
const useLocale = () => useSelector((state: SharedState) => state.locale);

/**
 * The plans of an OS for this visitor: their price variant (docs/commerce.md "Price experiment") with the
 * running campaign's best coupon, as the checkout will charge them.
 */
function usePlanOffers(data: PlanPageData, os: PlanOs): PlanOffer[] {
  const variant = toPriceVariant(useSelector(selectAbValues)[PRICE_VARIANT_COOKIE]);
  return listPlanOffers(data.campaign, os, variant, data.now);
}

/** `/pricing`: every plan per OS, the running campaign's coupon already applied, each leading to the checkout. */
export function PricingPage({ data }: PageProps<PlanPageData>) {
  const { t } = useTranslation('campaign');
  const offers = usePlanOffers(data, data.os);
  const campaign = data.campaign && isCampaignRunning(data.campaign, data.now) ? data.campaign : null;
  const group = (types: readonly PlanType[]) => offers.filter((offer) => types.includes(offer.type));
  return (
    <>
      <section className={campaign?.images.bgEvent ? `${styles.hero} ${styles.heroWithArt}` : styles.hero}>
        {campaign?.images.bgEvent && <img className={styles.heroArt} src={campaign.images.bgEvent} alt="" width={1600} height={400} />}
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>{campaign ? t(`names.${campaign.nameKey}`) : t('pricing.eyebrow')}</p>
          <h1 className={styles.heading}>{t('pricing.heading')}</h1>
          <p className={styles.lead}>{campaign ? t('pricing.sale_lead') : t('pricing.lead')}</p>
          {campaign && <Countdown endsAt={campaign.displayedEndsAt} now={data.now} />}
        </div>
      </section>
      <div className={styles.body}>
        <div className={styles.toolbar}>
          <OsSwitch os={data.os} query={data.query} path="pricing" />
          <p className={styles.note}>{campaign ? t('pricing.coupon_note') : t('pricing.everyday_note')}</p>
        </div>
        <section aria-labelledby="subscriptions-heading">
          <h2 id="subscriptions-heading">{t('pricing.subscriptions_heading')}</h2>
          <ul className={styles.plans}>
            {group(SUBSCRIPTIONS).map((offer) => (
              <PlanCard key={offer.pid} offer={offer} source="pricing" />
            ))}
          </ul>
        </section>
        <section aria-labelledby="lifetime-heading">
          <h2 id="lifetime-heading">{t('pricing.lifetime_heading')}</h2>
          <ul className={styles.plans}>
            {group(LIFETIME).map((offer) => (
              <PlanCard key={offer.pid} offer={offer} source="pricing" />
            ))}
          </ul>
        </section>
        <section aria-labelledby="includes-heading" className={styles.includes}>
          <h2 id="includes-heading">{t('pricing.includes_heading')}</h2>
          <ul>
            {PRICING_INCLUDES.map((item) => (
              <li key={item} className={checkList.item}>
                {t(`pricing.includes.${item}`)}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <CampaignShare />
    </>
  );
}

/** `/aio-special-offer`: the all-in-one app's special offer, the running campaign's coupons applied to its deals. */
export function AioSpecialOfferPage({ data }: PageProps<PlanPageData>) {
  const { t } = useTranslation('campaign');
  const { current, prefix } = useLocale();
  const offers = usePlanOffers(data, data.os);
  const campaign = data.campaign && isCampaignRunning(data.campaign, data.now) ? data.campaign : null;
  const lifetime = offers.find((offer) => offer.type === 'LFT')!;
  const coupons = applicableCoupons(campaign, data.now);
  const money = (cents: number) => formatCents(cents, current);
  return (
    <>
      <section className={styles.aioHero}>
        <div className={styles.aioInner}>
          <div>
            <p className={styles.eyebrow}>{campaign ? t(`names.${campaign.nameKey}`) : t('aio.eyebrow')}</p>
            <h1 className={styles.heading}>{t('aio.heading')}</h1>
            <p className={styles.lead}>{t('aio.lead')}</p>
            <p className={styles.aioPrice}>
              <span>{t('aio.lifetime_for')}</span>
              <strong>{money(lifetime.totalCents)}</strong>
              <s>
                <span className={hidden.visuallyHidden}>{t('pricing.regular_price')} </span>
                {money(lifetime.originCents)}
              </s>
            </p>
            <p className={styles.aioCondition}>
              {lifetime.coupon
                ? t('pricing.coupon_applied', { code: lifetime.coupon.code, amount: money(lifetime.coupon.discountCents) })
                : t('aio.no_coupon_needed')}
            </p>
            <div className={styles.actions}>
              <a className={styles.heroBuy} href={toPlanCheckoutHref(prefix, lifetime, 'aio_special_offer')}>
                {t('aio.cta')}
              </a>
              <a className={styles.secondary} href={`${prefix}/pricing`}>
                {t('aio.compare')}
              </a>
            </div>
            {campaign && <Countdown endsAt={campaign.displayedEndsAt} now={data.now} />}
          </div>
          <img className={styles.aioArt} src="/assets/campaign/demo-lifetime.svg" alt="" width={800} height={450} />
        </div>
      </section>
      <div className={styles.body}>
        <section aria-labelledby="deals-heading">
          <div className={styles.sectionHead}>
            <h2 id="deals-heading">{t('aio.deals_heading')}</h2>
            <OsSwitch os={data.os} query={data.query} path="aio-special-offer" />
          </div>
          <ul className={styles.plans}>
            {offers
              .filter((offer) => AIO_DEALS.includes(offer.type))
              .map((offer) => (
                <PlanCard key={offer.pid} offer={offer} source="aio_special_offer" />
              ))}
          </ul>
        </section>
        <section aria-labelledby="features-heading">
          <h2 id="features-heading">{t('aio.features_heading')}</h2>
          <ul className={styles.features}>
            {AIO_FEATURES.map((feature) => (
              <li key={feature}>
                <h3>{t(`aio.features.${feature}.title`)}</h3>
                <p>{t(`aio.features.${feature}.text`)}</p>
              </li>
            ))}
          </ul>
        </section>
        {coupons.length > 0 && (
          <section aria-labelledby="coupons-heading" id="coupons">
            <h2 id="coupons-heading">{t('ui.coupons_heading')}</h2>
            <ul className={styles.coupons}>
              {coupons.map((coupon, index) => (
                <CouponCard
                  key={coupon.code}
                  coupon={coupon}
                  index={index}
                  buyHref={`${prefix}/checkout?${new URLSearchParams({ coupon: coupon.code, source: 'aio_special_offer' })}`}
                />
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="faq-heading" className={styles.faq}>
          <h2 id="faq-heading">{t('aio.faq_heading')}</h2>
          {AIO_QUESTIONS.map((question) => (
            <details key={question}>
              <summary>{t(`aio.faq.${question}.q`)}</summary>
              <p>{t(`aio.faq.${question}.a`)}</p>
            </details>
          ))}
        </section>
      </div>
      <CampaignShare />
    </>
  );
}
