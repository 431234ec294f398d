import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixedTranslate } from '@reelkeep/shared-contracts/i18n';
import { useSelector } from 'react-redux';
import { formatCents, type CampaignCouponDto, type CampaignDto, type PageProps, type SharedState } from '@reelkeep/shared-contracts';
import { pickShownCoupons, splitCountdown } from './campaign-rules.ts';
import { listCarouselCards } from './carousel-rules.ts';
import { CarouselCards } from './CarouselCards.tsx';
import { applicableCoupons } from './plan-offers.ts';
import { composeSaleLine } from './sale-copy.ts';
import type { CampaignPageData } from './loaders.server.ts';
import { CampaignShare } from './CampaignShare.tsx';
import * as styles from './CampaignPage.module.css';

/** The locale's path prefix and language, for links and amounts. */
function useLocale() {
  return useSelector((state: SharedState) => state.locale);
}

/** Counts down to `endsAt` each second once hydrated; the server renders the time left at its render. */
export function Countdown({ endsAt, now }: { endsAt: number; now: number }) {
  const { t } = useTranslation('campaign');
  const [current, setCurrent] = useState(now);
  useEffect(() => {
    setCurrent(Date.now());
    const timer = setInterval(() => setCurrent(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = splitCountdown(endsAt - current);
  const parts = [
    [left.days, t('ui.days')],
    [left.hours, t('ui.hours')],
    [left.minutes, t('ui.minutes')],
    [left.seconds, t('ui.seconds')],
  ] as const;
  return (
    <div className={styles.countdown} role="timer" aria-live="off">
      <span className={styles.countdownLabel}>{t('ui.ends_in')}</span>
      {parts.map(([value, unit]) => (
        <span key={unit} className={styles.countdownPart}>
          <strong suppressHydrationWarning>{String(value).padStart(2, '0')}</strong>
          <small>{unit}</small>
        </span>
      ))}
    </div>
  );
}

/** One coupon: what it is worth, where it applies, its code with a copy button, and a link to buy with it. */
export function CouponCard({ coupon, index, buyHref }: { coupon: CampaignCouponDto; index: number; buyHref: string }) {
  const { t } = useTranslation('campaign');
  const { current } = useLocale();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const min = formatCents(coupon.minPriceCents, current);
  const scope =
    coupon.allowedTypes.length > 0 ? t('ui.coupon_lifetime', { min }) : coupon.minPriceCents > 0 ? t('ui.coupon_min', { min }) : t('ui.coupon_any');
  const copyCode = async () => {
    try {
      await navigator.clipboard.writeText(coupon.code);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <li className={styles.coupon} id={`coupon-${index + 1}`}>
      <p className={styles.couponAmount}>{t('ui.coupon_off', { amount: formatCents(coupon.discountCents, current) })}</p>
      <p className={styles.couponScope}>{scope}</p>
      <div className={styles.couponCode}>
        <code>{coupon.code}</code>
        <button type="button" className={styles.copy} onClick={copyCode}>
          {t('ui.copy')}
        </button>
      </div>
      <p className={styles.copyTip} role="status">
        {copy === 'copied' ? t('ui.copied') : copy === 'failed' ? t('ui.copy_failed') : ''}
      </p>
      <a className={styles.buy} href={buyHref}>
        {t('ui.use_coupon')}
      </a>
    </li>
  );
}

/** Where a coupon is used: the checkout with the coupon and where the visitor came from. */
const toCheckoutHref = (prefix: string, code: string, source: string) => `${prefix}/checkout?${new URLSearchParams({ coupon: code, source })}`;

/** The state of a campaign page while no sale runs: say so, and lead to the plans. */
function NoCampaign() {
  const { t } = useTranslation('campaign');
  const { prefix } = useLocale();
  return (
    <section className={styles.empty}>
      <h2>{t('ui.none_heading')}</h2>
      <p>{t('ui.none_lead')}</p>
      <a className={styles.primary} href={`${prefix}/checkout`}>
        {t('ui.see_plans')}
      </a>
    </section>
  );
}

/** The hero of a campaign page: its art, the campaign's name in this locale over the page's heading, its line, the countdown. */
function Hero({ campaign, now, heading, lead }: { campaign: CampaignDto | null; now: number; heading: string; lead: string }) {
  const { t, i18n } = useTranslation('campaign');
  const { current } = useLocale();
  return (
    <section className={styles.hero}>
      {campaign?.images.bgEvent && <img className={styles.heroArt} src={campaign.images.bgEvent} alt="" width={1600} height={400} />}
      <div className={styles.inner}>
        {campaign && <p className={styles.eyebrow}>{t(`names.${campaign.nameKey}`)}</p>}
        <h1 className={styles.heading}>{heading}</h1>
        <p className={styles.lead}>
          {campaign
            ? composeSaleLine(fixedTranslate(i18n, 'campaign'), {
                headline: t(`names.${campaign.navTitleKey ?? campaign.nameKey}`),
                coupons: applicableCoupons(campaign, now),
                endsAt: campaign.displayedEndsAt,
                now,
                locale: current,
              })
            : lead}
        </p>
        {campaign && <Countdown endsAt={campaign.displayedEndsAt} now={now} />}
      </div>
    </section>
  );
}

/** The campaign's coupons as the pages list them: the shown ones, largest first, three at most, each with its anchor. */
function CouponList({ campaign, source }: { campaign: CampaignDto; source: string }) {
  const { t } = useTranslation('campaign');
  const { prefix } = useLocale();
  return (
    <section aria-labelledby="coupons-heading" id="coupons">
      <h2 id="coupons-heading">{t('ui.coupons_heading')}</h2>
      <ul className={styles.coupons}>
        {pickShownCoupons(campaign.coupons).map((coupon, index) => (
          <CouponCard key={coupon.code} coupon={coupon} index={index} buyHref={toCheckoutHref(prefix, coupon.code, source)} />
        ))}
      </ul>
    </section>
  );
}

/** The running campaign's carousel on a sales page (entries marked `showInCarousel`), when it has any. */
function CampaignOffers({ campaign, now, placement }: { campaign: CampaignDto; now: number; placement: 'sales-campaign' | 'store' }) {
  const { t } = useTranslation('campaign');
  const { prefix, current } = useLocale();
  const cards = listCarouselCards([campaign], placement, now, prefix);
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="offers-heading">
      <h2 id="offers-heading">{t('ui.offers_heading')}</h2>
      <CarouselCards cards={cards} locale={current} />
    </section>
  );
}

/** `/sales-campaign`: the running campaign with its offers and coupons. */
export function SalesCampaignPage({ data, pageName }: PageProps<CampaignPageData>) {
  const { t } = useTranslation(pageName);
  const { campaign, now } = data;
  return (
    <>
      <Hero campaign={campaign} now={now} heading={t('heading')} lead={t('lead')} />
      {campaign ? (
        <div className={styles.body}>
          <CampaignOffers campaign={campaign} now={now} placement="sales-campaign" />
          <CouponList campaign={campaign} source="sales_campaign" />
        </div>
      ) : (
        <NoCampaign />
      )}
      <CampaignShare />
    </>
  );
}

/** `/store`: the click page of campaigns: the running campaign's offers and coupons, each leading to the checkout with it applied. */
export function StorePage({ data, pageName }: PageProps<CampaignPageData>) {
  const { t } = useTranslation(pageName);
  const { campaign, now } = data;
  return (
    <>
      <Hero campaign={campaign} now={now} heading={t('heading')} lead={t('lead')} />
      <div className={styles.body}>
        {campaign ? (
          <>
            <CampaignOffers campaign={campaign} now={now} placement="store" />
            <CouponList campaign={campaign} source="store" />
          </>
        ) : (
          <NoCampaign />
        )}
      </div>
    </>
  );
}

/** One campaign of the event centre: its name, an "on now" or "ended" badge, and its entries as cards (also the console's preview). */
export function EventCenterGroup({ campaign, now, prefix, locale }: { campaign: CampaignDto; now: number; prefix: string; locale: string }) {
  const { t } = useTranslation('campaign');
  const name = t(`names.${campaign.nameKey}`);
  return (
    <section className={styles.eventGroup} aria-label={t('ui.entries_label', { name })} data-campaign={campaign.id}>
      <div className={styles.eventHeader}>
        <h2>{name}</h2>
        <span className={styles.badge}>{campaign.expired ? t('ui.expired') : t('ui.running')}</span>
      </div>
      <CarouselCards cards={listCarouselCards([campaign], 'event-center', now, prefix)} locale={locale} />
    </section>
  );
}

/** `/event-center`: every campaign with entries marked for it, running first, each with its entries as cards. */
export function EventCenterPage({ data, pageName }: PageProps<CampaignPageData>) {
  const { t } = useTranslation(pageName);
  const { prefix, current } = useLocale();
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.inner}>
          <h1 className={styles.heading}>{t('heading')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </section>
      <div className={styles.body}>
        {data.eventCenter.length === 0 ? (
          <p className={styles.intro}>{t('campaign:ui.events_empty')}</p>
        ) : (
          data.eventCenter.map((campaign) => (
            <EventCenterGroup key={campaign.id} campaign={campaign} now={data.now} prefix={prefix} locale={current} />
          ))
        )}
      </div>
      <CampaignShare />
    </>
  );
}
