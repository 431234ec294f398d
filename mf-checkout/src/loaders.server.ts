import {
  couponAnswerSchema,
  emailInput,
  offerQuerySchema,
  offerSchema,
  orderAnswerSchema,
  parseJsonAnswer,
  readJsonResponse,
  orderIdInput,
  parsePlanId,
  redirectTo,
  toLocalePrefix,
  toPlanId,
  toPlanType,
  type LoaderContext,
  type OfferCouponDto,
  type OfferDto,
  type OrderDto,
  type PlanOs,
  type PlanType,
  type RedirectResult,
  type UpgradeOfferDto,
  upgradeAnswerSchema,
} from '@reelkeep/shared-contracts';

/** What the checkout page renders with. */
export interface CheckoutData {
  offer: OfferDto;
  /**
   * The plan the link asked for (`plan` type or `applied_id` plan id), the OS, a coupon checked for it, and the
   * buyer's e-mail address a link carried (`email`, docs/commerce.md "Campaign links").
   */
  initial: { type: PlanType | null; os: PlanOs | null; coupon: OfferCouponDto | null; couponError: string | null; email: string | null };
  upgradeId: string | null;
  appliedId: string | null;
  /**
   * docs/commerce.md "Upgrades": the licence `upgrade_id` names, read as the visitor (their own paid order only), or
   * why it cannot be upgraded here (`upgrade_sign_in`, `upgrade_unknown`, `generic`).
   */
  upgrade: { offer: UpgradeOfferDto; error: null } | { offer: null; error: string } | null;
  /** The order of a return (`tid`): the thank-you state when it is paid. */
  order: OrderDto | null;
  /** Server time of the render (the countdown starts from it, so server and browser agree). */
  now: number;
}

const ID = /^[\w-]{1,64}$/;
const OFFER_PARAMETERS = ['product', 'ac_endtime', 'ac_source', 'start_time'] as const;
/** The plan a link's coupon is checked against when the link names none. */
const DEFAULT_COUPON_PLAN: PlanType = '1Y';
const isOrderId = (value: string | null): value is string => value !== null && orderIdInput.safeParse(value).success;

/**
 * The plan a checkout link chooses: `plan` (a plan type) before the type of `applied_id` (a plan id, docs/commerce.md "Plans and prices");
 * Mac when `os` or the plan id says Mac, else Windows when one of them says Windows. Values that are not a
 * plan type, OS or plan id choose nothing.
 */
export function readLinkChoice(query: URLSearchParams): { type: PlanType | null; os: PlanOs | null } {
  const applied = parsePlanId(query.get('applied_id') ?? '');
  const osNamed = [query.get('os'), applied?.os];
  return {
    type: toPlanType(query.get('plan')) ?? applied?.type ?? null,
    os: osNamed.includes('mac') ? 'mac' : osNamed.includes('win') ? 'win' : null,
  };
}

/** A link's coupon, checked by the coupon API for the plan the link chose (as the visitor, so at their price). */
async function checkLinkCoupon(
  fetchAsVisitor: LoaderContext['fetchAsVisitor'],
  code: string,
  pid: string,
  product: string,
): Promise<{ coupon: OfferCouponDto | null; couponError: string | null }> {
  const answer = await fetchAsVisitor('/api/checkout/coupon', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, pid, product }),
  });
  const read = parseJsonAnswer(couponAnswerSchema, await answer.json().catch(() => null));
  if (!read) return { coupon: null, couponError: 'generic' };
  return 'coupon' in read ? { coupon: read.coupon, couponError: null } : { coupon: null, couponError: read.error ?? 'generic' };
}

/** The order of a return from payment, when this visitor may see it. */
async function readReturnOrder(fetchAsVisitor: LoaderContext['fetchAsVisitor'], orderId: string): Promise<OrderDto | null> {
  return (await readJsonResponse(orderAnswerSchema, await fetchAsVisitor(`/api/checkout/orders/${orderId}`)))?.order ?? null;
}

/** The licence a link's `upgrade_id` names, asked as the visitor: only its owner gets it. */
async function readUpgrade(fetchAsVisitor: LoaderContext['fetchAsVisitor'], upgradeId: string): Promise<NonNullable<CheckoutData['upgrade']>> {
  if (!isOrderId(upgradeId)) return { offer: null, error: 'upgrade_unknown' };
  const answer = await fetchAsVisitor(`/api/checkout/upgrade?${new URLSearchParams({ upgrade_id: upgradeId })}`).catch(() => null);
  const read = parseJsonAnswer(upgradeAnswerSchema, await answer?.json().catch(() => null));
  if (!read) return { offer: null, error: 'generic' };
  return 'upgrade' in read ? { offer: read.upgrade, error: null } : { offer: null, error: read.error ?? 'generic' };
}

/** The e-mail address a link fills in (`email`), when it is one; anything else is left out. */
export function readLinkEmail(query: URLSearchParams): string | null {
  const read = emailInput.safeParse(query.get('email') ?? '');
  return read.success ? read.data : null;
}

/** `/checkout`: the offer, the choice a link carries, and the order of a return from payment. */
export async function loadCheckoutPage({ url, locale, fetchApi, fetchAsVisitor }: LoaderContext): Promise<CheckoutData | RedirectResult> {
  const query = url.searchParams;
  const tid = query.get('tid');
  // docs/commerce.md "Payment providers": the card provider's return carries payment_intent_client_secret; the order is reconciled and the
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
  offerQuery.set('locale', locale);
  // An offer that does not read as one fails the loader: the visitor gets the page's fallback, not a broken page.
  const offer = offerSchema.parse(await (await fetchApi(`/api/checkout/offer?${offerQuery}`)).json());
  const { type, os } = readLinkChoice(query);
  const couponCode = query.get('coupon');
  const { coupon, couponError } =
    couponCode && ID.test(couponCode)
      ? await checkLinkCoupon(fetchAsVisitor, couponCode, toPlanId(os ?? 'win', type ?? DEFAULT_COUPON_PLAN), offer.product.key)
      : { coupon: null, couponError: null };
  const upgradeId = query.get('upgrade_id')?.match(ID)?.[0] ?? null;
  return {
    offer,
    initial: { type, os, coupon, couponError, email: readLinkEmail(query) },
    upgradeId,
    upgrade: upgradeId ? await readUpgrade(fetchAsVisitor, upgradeId) : null,
    appliedId: query.get('applied_id')?.match(ID)?.[0] ?? null,
    order: isOrderId(tid) ? await readReturnOrder(fetchAsVisitor, tid) : null,
    now: Date.now(),
  };
}
