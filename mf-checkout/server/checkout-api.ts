import type Stripe from 'stripe';
import type { ApiRoute, HostContext, RateLimiter } from '@reelkeep/platform/host-context';
import {
  CLIENT_IP_HEADER,
  couponProblem,
  couponRequestSchema,
  DEFAULT_LOCALE,
  deviceDeactivationSchema,
  isSecureSite,
  licenceRequestSchema,
  myOrdersQuerySchema,
  offerQuerySchema,
  oncePerContext,
  orderIdInput,
  orderRequestSchema,
  parsePlanId,
  planPriceCents,
  PRICE_VARIANT_COOKIE,
  readCookie,
  readInput,
  readSignedInUser,
  refundRequestSchema,
  respondJson,
  sandboxConfirmationSchema,
  sandboxPaymentSchema,
  serialiseCookie,
  toLocalePrefix,
  toPriceVariant,
  type InputProblem,
  type Locale,
  type OfferDto,
  type PaymentResultDto,
  type PriceVariant,
} from '@reelkeep/shared-contracts';
import {
  DEFAULT_PRODUCT,
  displayedCampaignEnd,
  findCoupon,
  findPlans,
  findProduct,
  findRunningCampaign,
  findShownCoupons,
  isCouponRunning,
} from './catalogue.ts';
import { createLicenceService, type LicenceRefusal, type LicenceService, type LicenceStatusDto } from './licences.ts';
import { decideOrderAccess, ORDER_SECRET_COOKIE, readOrderSecrets, toOrderSecretCookieValue, toOrderSecretLifetimeMs } from './order-access.ts';
import { createOrderService, type OrderService } from './orders.ts';
import { createSandboxProvider, type SandboxProvider } from './providers/sandbox.ts';
import { createStripeClient, createStripeProvider, toPaymentState } from './providers/stripe.ts';
import { isStripe, type CheckoutSettings } from './settings.ts';

type CheckoutContext = HostContext<CheckoutSettings>;
type CheckoutRoute = ApiRoute<CheckoutSettings>;

const WINDOW_MS = 10 * 60_000;

/** Stripe's events carry whole objects (a charge with its refunds): more than a form, far less than this. */
const WEBHOOK_MAX_BODY_BYTES = 512 * 1024;

/**
 * Answers input a schema refused (docs/commerce.md "Checkout input"): 415 for a body that is neither JSON
 * nor a form, else 400 with the route's own error code for the first refused field that has one (the codes
 * the page already translates), `invalid_input` otherwise; `problems` names every refused field.
 */
function refuseInput(refused: { status: 400 | 415; problems: Record<string, InputProblem> }, codes: Record<string, string> = {}): Response {
  const field = Object.keys(refused.problems).find((name) => name in codes);
  const error = refused.status === 400 && field ? codes[field]! : 'invalid_input';
  return respondJson({ cscode: refused.status, error, problems: refused.problems }, refused.status);
}

/** The page's fields (`{error, field}`) for a refused order request: plan, coupon and e-mail keep their own messages. */
function toOrderRefusal(problems: Record<string, InputProblem>): { field: 'plan' | 'coupon' | 'email' | 'form'; error: string } {
  if (problems.pid) return { field: 'plan', error: 'plan_unknown' };
  if (problems.coupon) return { field: 'coupon', error: 'coupon_unknown' };
  if (problems.email) return { field: 'email', error: problems.email === 'empty' ? 'empty' : 'value' };
  return { field: 'form', error: 'invalid_input' };
}

/** The visitor's price variant: the server-set cookie while the experiment runs, else the base prices. */
export function readVariant(request: Request, experimentOpen: boolean): PriceVariant {
  return experimentOpen ? toPriceVariant(readCookie(request.headers.get('cookie'), PRICE_VARIANT_COOKIE)) : 'old';
}

interface Services {
  orders: OrderService;
  licences: LicenceService;
  sandbox: SandboxProvider | null;
  stripe: Stripe | null;
  limiters: Record<'order' | 'pay' | 'coupon' | 'licence', RateLimiter>;
}

/** What building the checkout's routes may change: a test seam, nothing a release sets. */
export interface CheckoutApiOptions {
  /** Runs after a payment succeeded and before it is fulfilled (tests make a crash there: nothing may be lost). */
  beforeFulfil?: (orderId: string) => void | Promise<void>;
}

/** The checkout squad's API: offer, coupons, orders, the sandbox card step, Stripe, My account and the licence API. */
export function createCheckoutRoutes(options: CheckoutApiOptions = {}): CheckoutRoute[] {
  // One set of services per context, i.e. per loaded version with its own settings (the payment provider among them).
  const use = oncePerContext((context: CheckoutContext): Services => {
    const { settings, db } = context;
    const stripe = isStripe(settings) ? createStripeClient(settings) : null;
    const sandbox = stripe ? null : createSandboxProvider(db);
    const provider = stripe ? createStripeProvider(stripe) : sandbox!;
    return {
      orders: createOrderService({ ...context, provider, beforeFulfil: options.beforeFulfil }),
      licences: createLicenceService(db, { maxDeactivations: settings.LICENCE_MAX_DEACTIVATIONS }),
      sandbox,
      stripe,
      limiters: {
        order: context.createRateLimiter('checkout-order', settings.CHECKOUT_RATE_LIMIT, WINDOW_MS),
        pay: context.createRateLimiter('checkout-pay', settings.CHECKOUT_RATE_LIMIT, WINDOW_MS),
        coupon: context.createRateLimiter('checkout-coupon', settings.CHECKOUT_RATE_LIMIT * 2, WINDOW_MS),
        licence: context.createRateLimiter('licence-api', settings.LICENCE_RATE_LIMIT, WINDOW_MS),
      },
    };
  });
  const clientIp = (request: Request) => request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
  const limited = async (limiter: RateLimiter, key: string) => !(await limiter.hit(key)).allowed;
  const tooMany = () => respondJson({ cscode: 429, error: 'rate_limited' }, 429, { 'retry-after': '600' });
  const orderUnknown = () => respondJson({ cscode: 404, error: 'order_unknown' }, 404);

  /**
   * Whether this request may see, pay and follow the order (docs/commerce.md "Who may see an order"): the
   * order's secret cookie is checked first, the session only when that does not open it. An unknown order
   * and a refused one get the same answer, so ids cannot be probed.
   */
  async function mayAccessOrder(request: Request, context: CheckoutContext, orderId: string): Promise<boolean> {
    const facts = await use(context).orders.readAccessFacts(orderId);
    const secret = readOrderSecrets(request.headers.get('cookie')).get(orderId);
    const lifetimeMs = toOrderSecretLifetimeMs(context.settings.ORDER_TTL_MIN);
    if (facts && decideOrderAccess(facts, { userId: null, secret }, Date.now(), lifetimeMs) !== 'refused') return true;
    const user = await readSignedInUser(request, context.fetchApi);
    return facts !== null && decideOrderAccess(facts, { userId: user?.id ?? null, secret }, Date.now(), lifetimeMs) !== 'refused';
  }

  /** The order secret cookie after a new order: its secret joins the few latest this browser holds. */
  function toOrderSecretCookie(request: Request, context: CheckoutContext, orderId: string, secret: string): string {
    const value = toOrderSecretCookieValue(readOrderSecrets(request.headers.get('cookie')), orderId, secret);
    const maxAgeS = toOrderSecretLifetimeMs(context.settings.ORDER_TTL_MIN) / 1000;
    return serialiseCookie(ORDER_SECRET_COOKIE, value, { secure: isSecureSite(context.site.SITE_URL), httpOnly: true, sameSite: 'Lax', maxAgeS });
  }

  const offerRoute: CheckoutRoute = {
    method: 'GET',
    path: '/api/checkout/offer',
    async handle(request, context) {
      const input = await readInput(request, offerQuerySchema);
      if (!input.ok) return refuseInput(input);
      const { product: productKey, start_time: startTime, ac_endtime: personalEnd, ac_source: source } = input.data;
      const now = Date.now();
      const product = await findProduct(context.db.query, productKey);
      // docs/commerce.md "Campaign links": start_time previews what a campaign shows then; coupons still count only in real time.
      const campaign = await findRunningCampaign(context.db.query, startTime ?? now);
      const body: OfferDto = {
        product: { key: product.key, name: product.name, macName: `${product.name} for Mac`, hasMac: product.hasMac },
        plans: await findPlans(context.db.query, product),
        coupons: await findShownCoupons(context.db.query, now),
        campaign: campaign && { ...campaign, endsAt: displayedCampaignEnd(campaign.endsAt, personalEnd, source) },
        provider: isStripe(context.settings) ? { kind: 'stripe', publishableKey: context.settings.STRIPE_PUBLISHABLE_KEY } : { kind: 'sandbox' },
      };
      return respondJson(body, 200, { 'cache-control': 'no-store' });
    },
  };

  const couponRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/coupon',
    async handle(request, context) {
      const { limiters } = use(context);
      if (await limited(limiters.coupon, clientIp(request))) return tooMany();
      const input = await readInput(request, couponRequestSchema);
      if (!input.ok) return refuseInput(input, { pid: 'plan_unknown', code: 'coupon_unknown' });
      const plan = parsePlanId(input.data.pid);
      const coupon = await findCoupon(context.db.query, input.data.code);
      if (!plan) return respondJson({ cscode: 400, error: 'plan_unknown' }, 400);
      if (!coupon) return respondJson({ cscode: 400, error: 'coupon_unknown' }, 400);
      if (!isCouponRunning(coupon, Date.now())) return respondJson({ cscode: 400, error: 'coupon_expired' }, 400);
      const product = await findProduct(context.db.query, input.data.product);
      const plans = await findPlans(context.db.query, product);
      const row = (plan.os === 'mac' ? plans.mac : plans.win)?.find((candidate) => candidate.type === plan.type);
      if (!row) return respondJson({ cscode: 400, error: 'plan_unknown' }, 400);
      const problem = couponProblem(coupon, plan.type, planPriceCents(row, readVariant(request, context.site.AB_PLAN_PRICE_OPEN)).priceCents);
      if (problem)
        return respondJson(
          { cscode: 400, error: problem === 'type' ? 'coupon_plan' : problem === 'invalid' ? 'coupon_unknown' : 'coupon_min_price' },
          400,
        );
      const { code, text, discountCents, allowedTypes, minPriceCents } = coupon;
      return respondJson({ cscode: 200, coupon: { code, text, discountCents, allowedTypes, minPriceCents } });
    },
  };

  const createOrderRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/orders',
    async handle(request, context) {
      const { orders, limiters } = use(context);
      if (await limited(limiters.order, clientIp(request))) return tooMany();
      const input = await readInput(request, orderRequestSchema);
      if (!input.ok) return respondJson({ cscode: input.status, ...toOrderRefusal(input.problems), problems: input.problems }, input.status);
      const { data } = input;
      const user = await readSignedInUser(request, context.fetchApi);
      const result = await orders.createOrder({
        product: data.product ?? DEFAULT_PRODUCT,
        pid: data.pid,
        coupon: data.coupon ?? '',
        // A signed-in buyer's order belongs to the account; a visitor gives an e-mail (an account is made for it).
        email: user?.email ?? data.email ?? '',
        userId: user?.id ?? null,
        locale: data.locale,
        variant: readVariant(request, context.site.AB_PLAN_PRICE_OPEN),
        upgradeId: data.upgradeId ?? '',
        appliedId: data.appliedId ?? '',
      });
      if ('problem' in result) return respondJson({ cscode: 400, error: result.problem.code, field: result.problem.field }, 400);
      const payment = await orders.startPayment(result.order.id);
      if (!payment) return respondJson({ cscode: 409, error: 'order_closed' }, 409);
      return respondJson({ cscode: 200, order: result.order, payment: { clientSecret: payment.clientSecret ?? null } }, 200, {
        'cache-control': 'no-store',
        'set-cookie': toOrderSecretCookie(request, context, result.order.id, result.secret),
      });
    },
  };

  /** `GET /api/checkout/orders/<id>`: the order (reconciled with its provider first), for its owner or the holder of its secret only. */
  const orderRoute: CheckoutRoute = {
    method: 'GET',
    path: '/api/checkout/orders/',
    async handle(request, context) {
      const { orders } = use(context);
      const id = new URL(request.url).pathname.slice('/api/checkout/orders/'.length);
      // The id is the route's only input; something that is not an order id is an unknown order.
      if (!orderIdInput.safeParse(id).success || !(await mayAccessOrder(request, context, id))) return orderUnknown();
      await orders.reconcile(id).catch((error: unknown) => context.logger.warn('order not reconciled now', { orderId: id, error: String(error) }));
      const order = await orders.getOrder(id);
      return order
        ? respondJson({ cscode: 200, order }, 200, { 'cache-control': 'no-store' })
        : respondJson({ cscode: 404, error: 'order_unknown' }, 404);
    },
  };

  /** Runs the fulfilment after a successful payment; a failure there leaves a paid order the next look completes. */
  async function settle(context: CheckoutContext, orderId: string): Promise<Response> {
    const { orders } = use(context);
    try {
      await orders.reconcile(orderId);
    } catch (error) {
      context.logger.error('payment taken but fulfilment failed; it is retried on the next look at the order', { orderId, error: String(error) });
      return respondJson({ cscode: 202, error: 'processing' } satisfies PaymentResultDto, 202);
    }
    const order = (await orders.getOrder(orderId))!;
    return respondJson({ cscode: 200, order } satisfies PaymentResultDto);
  }

  const sandboxPayRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/sandbox/pay',
    async handle(request, context) {
      const { orders, sandbox, limiters } = use(context);
      if (!sandbox) return respondJson({ cscode: 404, error: 'not_found' }, 404);
      if (await limited(limiters.pay, clientIp(request))) return tooMany();
      const input = await readInput(request, sandboxPaymentSchema);
      if (!input.ok)
        return input.problems.order ? orderUnknown() : refuseInput(input, { number: 'invalid_number', expiry: 'invalid_expiry', cvc: 'invalid_cvc' });
      const { order: orderId, ...card } = input.data;
      if (!(await mayAccessOrder(request, context, orderId))) return orderUnknown();
      const order = await orders.findOrderRow(orderId);
      if (!order?.provider_ref) return orderUnknown();
      if (order.status !== 'pending') return settle(context, order.id);
      const outcome = await sandbox.pay(order.provider_ref, card);
      if (outcome === 'requires_confirmation')
        return respondJson({ cscode: 202, confirmation: { paymentId: order.provider_ref } } satisfies PaymentResultDto, 202);
      if (outcome === 'succeeded') return settle(context, order.id);
      if (outcome === 'card_declined' || outcome === 'insufficient_funds') await orders.recordFailure(order.id, outcome);
      return respondJson({ cscode: 402, error: outcome, order: (await orders.getOrder(order.id))! } satisfies PaymentResultDto, 402);
    },
  };

  const sandboxConfirmRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/sandbox/confirm',
    async handle(request, context) {
      const { orders, sandbox } = use(context);
      if (!sandbox) return respondJson({ cscode: 404, error: 'not_found' }, 404);
      const input = await readInput(request, sandboxConfirmationSchema);
      if (!input.ok) return input.problems.order ? orderUnknown() : refuseInput(input);
      if (!(await mayAccessOrder(request, context, input.data.order))) return orderUnknown();
      const order = await orders.findOrderRow(input.data.order);
      if (!order?.provider_ref) return orderUnknown();
      const outcome = await sandbox.confirm(order.provider_ref, input.data.approve === true);
      if (outcome === 'succeeded') return settle(context, order.id);
      if (outcome === 'card_declined') await orders.recordFailure(order.id, 'confirmation_refused');
      return respondJson(
        {
          cscode: 402,
          error: outcome === 'card_declined' ? 'confirmation_refused' : 'not_waiting',
          order: (await orders.getOrder(order.id))!,
        } satisfies PaymentResultDto,
        402,
      );
    },
  };

  /** Stripe webhooks: verified signature, each event handled once (processed_events, same transaction as its effect). */
  const stripeWebhookRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/stripe/webhook',
    // Stripe's servers send no Origin and no cookie; the signature is what proves the sender.
    callers: 'any',
    maxBodyBytes: WEBHOOK_MAX_BODY_BYTES,
    async handle(request, context) {
      const { orders, stripe } = use(context);
      if (!stripe) return respondJson({ error: 'not_found' }, 404);
      const payload = await request.text();
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          payload,
          request.headers.get('stripe-signature') ?? '',
          context.settings.STRIPE_WEBHOOK_SECRET!,
        );
      } catch {
        context.logger.warn('stripe webhook with a bad signature refused');
        return respondJson({ error: 'bad_signature' }, 400);
      }
      // The order id comes back in metadata we wrote; one that is not an order id is treated as unknown.
      const findKnownOrder = async (orderId: string | undefined): Promise<string | null> =>
        orderId !== undefined && orderIdInput.safeParse(orderId).success && (await orders.findOrderRow(orderId)) ? orderId : null;
      const record = async (query: Parameters<NonNullable<Parameters<OrderService['fulfil']>[2]>>[0]) => {
        const inserted = await query(
          `INSERT INTO checkout.processed_events (provider, event_id, type) VALUES ('stripe', $1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
          [event.id, event.type],
        );
        if (inserted.length === 0) throw new ReplayedEvent();
      };
      try {
        if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
          const intent = event.data.object;
          const orderId = await findKnownOrder(intent.metadata?.order_id);
          if (!orderId) return respondJson({ received: true, ignored: 'unknown order' });
          if (event.type === 'payment_intent.succeeded') {
            const outcome = await orders.fulfil(orderId, toPaymentState(intent), record);
            if (outcome === 'refused') return respondJson({ received: true, refused: true });
          } else {
            await context.db.transaction(record);
            await orders.recordFailure(orderId, intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? 'payment_failed');
          }
        } else if (event.type === 'payment_intent.canceled') {
          const orderId = await findKnownOrder(event.data.object.metadata?.order_id);
          if (!orderId) return respondJson({ received: true, ignored: 'unknown order' });
          await context.db.transaction(record);
          await orders.markFailed(orderId, event.data.object.cancellation_reason ?? 'payment_canceled');
        } else if (event.type === 'charge.refunded') {
          const charge = event.data.object;
          const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
          const [order] = intentId
            ? await context.db.query<{ id: string }>(`SELECT id FROM checkout.orders WHERE provider = 'stripe' AND provider_ref = $1`, [intentId])
            : [];
          if (!order) return respondJson({ received: true, ignored: 'unknown payment' });
          if (charge.refunded) await orders.markRefunded(order.id, record);
        }
      } catch (error) {
        if (error instanceof ReplayedEvent) return respondJson({ received: true, replayed: true });
        throw error;
      }
      return respondJson({ received: true });
    },
  };

  const myOrdersRoute: CheckoutRoute = {
    method: 'GET',
    path: '/api/checkout/my-orders',
    async handle(request, context) {
      const input = await readInput(request, myOrdersQuerySchema);
      if (!input.ok) return refuseInput(input);
      const user = await readSignedInUser(request, context.fetchApi);
      if (!user) return respondJson({ cscode: 401, error: 'signed_out' }, 401);
      return respondJson({ orders: await use(context).orders.listOrders(user.id) }, 200, { 'cache-control': 'no-store' });
    },
  };

  /** My account's "deactivate device" (a form without JavaScript, JSON with it). */
  const myDeviceRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/my-devices/deactivate',
    async handle(request, context) {
      const input = await readInput(request, deviceDeactivationSchema);
      const user = input.ok ? await readSignedInUser(request, context.fetchApi) : null;
      const result: LicenceStatusDto | { status: number; error: string } = !input.ok
        ? { status: input.status, error: input.problems.key ? 'invalid_key' : input.problems.device ? 'invalid_device' : 'invalid_input' }
        : user
          ? await use(context).licences.deactivate(input.data.key, input.data.device, user.id)
          : ({ status: 404, error: 'invalid_key' } satisfies LicenceRefusal);
      if (input.isForm) {
        // None of a refused form's fields is used, its locale included: it goes back to My account in the default one.
        const locale: Locale = input.ok ? input.data.locale : DEFAULT_LOCALE;
        const query = 'error' in result ? `device_error=${result.error}` : 'device_removed=1';
        return new Response(null, { status: 303, headers: { location: `${toLocalePrefix(locale)}/my-account?${query}#licences` } });
      }
      return 'error' in result
        ? respondJson({ cscode: result.status, error: result.error }, result.status)
        : respondJson({ cscode: 200, licence: result });
    },
  };

  const adminRefundRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/admin/refund',
    async handle(request, context) {
      const refusal = await context.authoriseAdmin(request);
      if (refusal) return refusal;
      const input = await readInput(request, refundRequestSchema);
      if (!input.ok) return refuseInput(input);
      const outcome = await use(context).orders.refund(input.data.order);
      return respondJson({ outcome }, outcome === 'refunded' ? 200 : 409);
    },
  };

  /** The desktop app's licence API (README "Licence API"): JSON in, JSON out, rate limited per address and key. */
  const licenceRoute = (action: 'activate' | 'validate' | 'deactivate'): CheckoutRoute => ({
    method: 'POST',
    path: `/api/checkout/licence/${action}`,
    // The desktop app is no browser page: it sends no Origin and carries no cookie.
    callers: 'any',
    async handle(request, context) {
      const { licences, limiters } = use(context);
      if (await limited(limiters.licence, clientIp(request))) return tooMany();
      const input = await readInput(request, licenceRequestSchema);
      if (input.isForm || (!input.ok && input.status === 415)) return respondJson({ ok: false, error: 'json_expected' }, 415);
      if (!input.ok) {
        const error = input.problems.key ? 'invalid_key' : input.problems.device_id ? 'invalid_device' : 'invalid_input';
        return respondJson({ ok: false, error, problems: input.problems }, 400);
      }
      const { key, device_id: deviceId, device_name: deviceName = '' } = input.data;
      if (await limited(limiters.licence, `key:${key.slice(0, 64)}`)) return tooMany();
      const result =
        action === 'activate'
          ? await licences.activate(key, deviceId, deviceName)
          : action === 'validate'
            ? await licences.validate(key, deviceId)
            : await licences.deactivate(key, deviceId);
      if ('error' in result) return respondJson({ ok: false, error: result.error }, result.status);
      return respondJson({ ok: true, licence: result }, 200, { 'cache-control': 'no-store' });
    },
  });

  return [
    offerRoute,
    couponRoute,
    createOrderRoute,
    orderRoute,
    sandboxPayRoute,
    sandboxConfirmRoute,
    stripeWebhookRoute,
    myOrdersRoute,
    myDeviceRoute,
    adminRefundRoute,
    licenceRoute('activate'),
    licenceRoute('validate'),
    licenceRoute('deactivate'),
  ];
}

/** Thrown inside a webhook's transaction when its event id was already processed. */
class ReplayedEvent extends Error {}
