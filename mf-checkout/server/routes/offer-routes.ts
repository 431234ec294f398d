import {
  couponProblem,
  couponRequestSchema,
  offerQuerySchema,
  parsePlanId,
  planPriceCents,
  readInput,
  respondJson,
  toCouponErrorCode,
  type Locale,
  type OfferDto,
} from '@reelkeep/shared-contracts';
import { CampaignUnavailableError, fetchCheckoutCampaign, fetchCoupon } from '../campaign-client.ts';
import { displayedCampaignEnd, findPlans, findProduct, isCouponRunning, toOfferCoupon, type CouponRow } from '../catalogue.ts';
import type { CheckoutContext } from '../checkout-services.ts';
import type { CheckoutRoute, UseServices } from '../checkout-services.ts';
import { isStripe } from '../settings.ts';
import { isOverLimit, readClientIp, readVariant, refuseInput, refuseTooMany } from './answers.ts';

const refuseCoupon = (error: string) => respondJson({ cscode: 400, error }, 400);

/** The campaign squad's campaign and coupons; while its API is unavailable the checkout sells without them. */
async function readCampaignOffer(context: CheckoutContext, locale: Locale, previewAt: number | undefined) {
  try {
    return await fetchCheckoutCampaign(context.fetchApi, { locale, previewAt });
  } catch (error) {
    if (!(error instanceof CampaignUnavailableError)) throw error;
    context.logger.warn('campaign API unavailable: offer without campaign', { error });
    return { campaign: null, coupons: [] };
  }
}

/** `GET /api/checkout/offer`: what the checkout page sells now (plans, shown coupons, the campaign, the payment step). */
const offerRoute: CheckoutRoute = {
  method: 'GET',
  path: '/api/checkout/offer',
  async handle(request, context) {
    const input = await readInput(request, offerQuerySchema);
    if (!input.ok) return refuseInput(input);
    const { product: productKey, start_time: startTime, ac_endtime: personalEnd, ac_source: source, locale } = input.data;
    const product = await findProduct(context.db.query, productKey);
    // docs/commerce.md "Campaign links": start_time previews what a campaign shows then; coupons still count only in real time.
    const { campaign, coupons } = await readCampaignOffer(context, locale, startTime);
    const body: OfferDto = {
      product: { key: product.key, name: product.name, macName: `${product.name} for Mac`, hasMac: product.hasMac },
      plans: await findPlans(context.db.query, product),
      coupons: coupons.map(toOfferCoupon),
      campaign: campaign && { ...campaign, endsAt: displayedCampaignEnd(campaign.endsAt, personalEnd, source) },
      provider: isStripe(context.settings) ? { kind: 'stripe', publishableKey: context.settings.STRIPE_PUBLISHABLE_KEY } : { kind: 'sandbox' },
    };
    return respondJson(body, 200, { 'cache-control': 'no-store' });
  },
};

/** `POST /api/checkout/coupon`: whether a coupon runs now and fits the plan at the visitor's price. */
const couponRoute = (use: UseServices): CheckoutRoute => ({
  method: 'POST',
  path: '/api/checkout/coupon',
  async handle(request, context) {
    if (await isOverLimit(use(context).limiters.coupon, readClientIp(request))) return refuseTooMany();
    const input = await readInput(request, couponRequestSchema);
    if (!input.ok) return refuseInput(input, { pid: 'plan_unknown', code: 'coupon_unknown' });
    const plan = parsePlanId(input.data.pid);
    let coupon: CouponRow | null;
    try {
      coupon = await fetchCoupon(context.fetchApi, input.data.code);
    } catch (error) {
      if (!(error instanceof CampaignUnavailableError)) throw error;
      return respondJson({ cscode: 503, error: 'coupon_unavailable' }, 503);
    }
    if (!plan) return refuseCoupon('plan_unknown');
    if (!coupon) return refuseCoupon('coupon_unknown');
    if (!isCouponRunning(coupon, Date.now())) return refuseCoupon('coupon_expired');
    const product = await findProduct(context.db.query, input.data.product);
    const plans = await findPlans(context.db.query, product);
    const row = (plan.os === 'mac' ? plans.mac : plans.win)?.find((candidate) => candidate.type === plan.type);
    if (!row) return refuseCoupon('plan_unknown');
    const problem = couponProblem(coupon, plan.type, planPriceCents(row, readVariant(request, context.site.AB_PLAN_PRICE_OPEN)).priceCents);
    if (problem) return refuseCoupon(toCouponErrorCode(problem));
    const { code, text, discountCents, allowedTypes, minPriceCents } = coupon;
    return respondJson({ cscode: 200, coupon: { code, text, discountCents, allowedTypes, minPriceCents } });
  },
});

/** The offer and the coupon check. */
export function createOfferRoutes(use: UseServices): CheckoutRoute[] {
  return [offerRoute, couponRoute(use)];
}
