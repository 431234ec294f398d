import {
  offerQuerySchema,
  orderIdInput,
  redirectTo,
  toLocalePrefix,
  type LoaderContext,
  type OfferCouponDto,
  type OfferDto,
  type OrderDto,
  type RedirectResult,
} from '@reelkeep/shared-contracts';

/** What the checkout page renders with. */
export interface CheckoutData {
  offer: OfferDto;
  /** The plan the link asked for (`plan` type or `applied_id` plan id), the OS and a coupon checked for it. */
  initial: { type: string | null; os: 'win' | 'mac' | null; coupon: OfferCouponDto | null; couponError: string | null };
  upgradeId: string | null;
  appliedId: string | null;
  /** The order of a return (`tid`): the thank-you state when it is paid. */
  order: OrderDto | null;
  /** Server time of the render (the countdown starts from it, so server and browser agree). */
  now: number;
}

const ID = /^[\w-]{1,64}$/;
const OFFER_PARAMETERS = ['product', 'ac_endtime', 'ac_source', 'start_time'] as const;
const isOrderId = (value: string | null): value is string => value !== null && orderIdInput.safeParse(value).success;

/** `/checkout`: the offer, the choice a link carries, and the order of a return from payment. */
export async function loadCheckoutPage({ url, locale, fetchApi, fetchAsVisitor }: LoaderContext): Promise<CheckoutData | RedirectResult> {
  const query = url.searchParams;
  const tid = query.get('tid');
  // spec §7: the card provider's return carries payment_intent_client_secret; the order is reconciled and the
  // visitor lands on /checkout with a reduced query (the secret does not stay in the address bar or history).
  if (query.has('payment_intent_client_secret')) {
    if (isOrderId(tid)) await fetchAsVisitor(`/api/checkout/orders/${tid}`).catch(() => null);
    const reduced = new URLSearchParams({ pay: query.get('pay') ?? 'stripe', ...(isOrderId(tid) ? { tid } : {}) });
    return redirectTo(`${toLocalePrefix(locale)}/checkout?${reduced}`);
  }
  const offerQuery = new URLSearchParams();
  for (const name of OFFER_PARAMETERS) {
    const value = query.get(name);
    // docs/commerce.md "Campaign links": a link value the offer API would refuse is ignored, the page still renders.
    if (value && offerQuerySchema.shape[name].safeParse(value).success) offerQuery.set(name, value);
  }
  const offer = (await (await fetchApi(`/api/checkout/offer?${offerQuery}`)).json()) as OfferDto;
  const appliedId = query.get('applied_id');
  const pidType = appliedId ? /^\d{5}(\w+)$/.exec(appliedId)?.[1] : undefined;
  const type = query.get('plan') ?? pidType ?? null;
  const os =
    query.get('os') === 'mac' || appliedId?.startsWith('10781') ? 'mac' : query.get('os') === 'win' || appliedId?.startsWith('10721') ? 'win' : null;
  let coupon: OfferCouponDto | null = null;
  let couponError: string | null = null;
  const couponCode = query.get('coupon');
  if (couponCode && ID.test(couponCode)) {
    const planType = type && /^(1M|6M|1Y|LFT|LFT_3|LFT_5)$/.test(type) ? type : '1Y';
    const answer = await fetchAsVisitor('/api/checkout/coupon', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: couponCode, pid: `${os === 'mac' ? 10781 : 10721}${planType}`, product: offer.product.key }),
    });
    const body = (await answer.json()) as { coupon?: OfferCouponDto; error?: string };
    coupon = body.coupon ?? null;
    couponError = body.error ?? null;
  }
  let order: OrderDto | null = null;
  if (isOrderId(tid)) {
    const answer = await fetchAsVisitor(`/api/checkout/orders/${tid}`);
    if (answer.ok) order = ((await answer.json()) as { order: OrderDto }).order;
  }
  return {
    offer,
    initial: { type, os, coupon, couponError },
    upgradeId: query.get('upgrade_id')?.match(ID)?.[0] ?? null,
    appliedId: appliedId?.match(ID)?.[0] ?? null,
    order,
    now: Date.now(),
  };
}
