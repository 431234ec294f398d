import {
  isSecureSite,
  orderIdInput,
  orderRequestSchema,
  readCookie,
  readInput,
  readOrderAttribution,
  readSignedInUser,
  respondJson,
  sandboxConfirmationSchema,
  sandboxPaymentSchema,
  serialiseCookie,
  type InputProblem,
  type PaymentResultDto,
} from '@reelkeep/shared-contracts';
import { DEFAULT_PRODUCT } from '../catalogue.ts';
import type { CheckoutContext, CheckoutRoute, UseServices } from '../checkout-services.ts';
import { decideOrderAccess, ORDER_SECRET_COOKIE, readOrderSecrets, toOrderSecretCookieValue, toOrderSecretLifetimeMs } from '../order-access.ts';
import type { OrderProblem } from '../order-quote.ts';
import { isAwaitingPayment } from '../order-status.ts';
import { isOverLimit, readClientIp, readVariant, refuseInput, refuseTooMany, refuseUnknownOrder } from './answers.ts';

const ORDER_PATH = '/api/checkout/orders/';

/** The page's fields (`{error, field}`) for a refused order request: plan, coupon and e-mail keep their own messages. */
function toOrderRefusal(problems: Record<string, InputProblem>): { field: OrderProblem['field']; error: string } {
  if (problems.pid) return { field: 'plan', error: 'plan_unknown' };
  if (problems.coupon) return { field: 'coupon', error: 'coupon_unknown' };
  if (problems.email) return { field: 'email', error: problems.email === 'empty' ? 'empty' : 'value' };
  return { field: 'form', error: 'invalid_input' };
}

/** The order secret cookie after a new order: its secret joins the few latest this browser holds. */
function toOrderSecretCookie(request: Request, context: CheckoutContext, orderId: string, secret: string): string {
  const value = toOrderSecretCookieValue(readOrderSecrets(request.headers.get('cookie')), orderId, secret);
  const maxAgeS = toOrderSecretLifetimeMs(context.settings.ORDER_TTL_MIN) / 1000;
  return serialiseCookie(ORDER_SECRET_COOKIE, value, { secure: isSecureSite(context.site.SITE_URL), httpOnly: true, sameSite: 'Lax', maxAgeS });
}

/** The order routes and the sandbox card step: only for whoever may see the order (docs/commerce.md "Who may see an order"). */
export function createOrderRoutes(use: UseServices): CheckoutRoute[] {
  /**
   * Whether this request may see, pay and follow the order: the order's secret cookie is checked first, the
   * session only when that does not open it. An unknown order and a refused one get the same answer, so ids
   * cannot be probed.
   */
  async function mayAccessOrder(request: Request, context: CheckoutContext, orderId: string): Promise<boolean> {
    const facts = await use(context).orders.readAccessFacts(orderId);
    const secret = readOrderSecrets(request.headers.get('cookie')).get(orderId);
    const lifetimeMs = toOrderSecretLifetimeMs(context.settings.ORDER_TTL_MIN);
    if (facts && decideOrderAccess(facts, { userId: null, secret }, Date.now(), lifetimeMs) !== 'refused') return true;
    const user = await readSignedInUser(request, context.fetchApi);
    return facts !== null && decideOrderAccess(facts, { userId: user?.id ?? null, secret }, Date.now(), lifetimeMs) !== 'refused';
  }

  /** Runs the fulfilment after a successful payment; a failure there leaves a paid order the next look completes. */
  async function settle(context: CheckoutContext, orderId: string): Promise<Response> {
    const { orders } = use(context);
    try {
      await orders.reconcile(orderId);
    } catch (error) {
      context.logger.error('payment taken but fulfilment failed; it is retried on the next look at the order', { orderId, error: String(error) });
      return respondJson({ cscode: 202, error: 'processing' } satisfies PaymentResultDto, 202);
    }
    return respondJson({ cscode: 200, order: (await orders.getOrder(orderId))! } satisfies PaymentResultDto);
  }

  const createOrderRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/orders',
    async handle(request, context) {
      const { orders, limiters } = use(context);
      if (await isOverLimit(limiters.order, readClientIp(request))) return refuseTooMany();
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
        attribution: readOrderAttribution((name) => readCookie(request.headers.get('cookie'), name), {
          priceExperimentOpen: context.site.AB_PLAN_PRICE_OPEN,
        }),
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
    path: ORDER_PATH,
    async handle(request, context) {
      const { orders } = use(context);
      const id = new URL(request.url).pathname.slice(ORDER_PATH.length);
      // The id is the route's only input; something that is not an order id is an unknown order.
      if (!orderIdInput.safeParse(id).success || !(await mayAccessOrder(request, context, id))) return refuseUnknownOrder();
      await orders.reconcile(id).catch((error: unknown) => context.logger.warn('order not reconciled now', { orderId: id, error: String(error) }));
      const order = await orders.getOrder(id);
      return order ? respondJson({ cscode: 200, order }, 200, { 'cache-control': 'no-store' }) : refuseUnknownOrder();
    },
  };

  const sandboxPayRoute: CheckoutRoute = {
    method: 'POST',
    path: '/api/checkout/sandbox/pay',
    async handle(request, context) {
      const { orders, sandbox, limiters } = use(context);
      if (!sandbox) return respondJson({ cscode: 404, error: 'not_found' }, 404);
      if (await isOverLimit(limiters.pay, readClientIp(request))) return refuseTooMany();
      const input = await readInput(request, sandboxPaymentSchema);
      if (!input.ok)
        return input.problems.order
          ? refuseUnknownOrder()
          : refuseInput(input, { number: 'invalid_number', expiry: 'invalid_expiry', cvc: 'invalid_cvc' });
      const { order: orderId, ...card } = input.data;
      if (!(await mayAccessOrder(request, context, orderId))) return refuseUnknownOrder();
      const order = await orders.findOrderRow(orderId);
      if (!order?.provider_ref) return refuseUnknownOrder();
      if (!isAwaitingPayment(order.status)) return settle(context, order.id);
      const outcome = await sandbox.pay(order.provider_ref, card);
      if (outcome === 'requires_confirmation')
        return respondJson({ cscode: 202, confirmation: { paymentId: order.provider_ref } } satisfies PaymentResultDto, 202);
      if (outcome === 'succeeded') return settle(context, order.id);
      if (outcome === 'card_declined' || outcome === 'insufficient_funds')
        await orders.recordPaymentFailure(order.id, { type: 'payment_declined', reason: outcome });
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
      if (!input.ok) return input.problems.order ? refuseUnknownOrder() : refuseInput(input);
      if (!(await mayAccessOrder(request, context, input.data.order))) return refuseUnknownOrder();
      const order = await orders.findOrderRow(input.data.order);
      if (!order?.provider_ref) return refuseUnknownOrder();
      const outcome = await sandbox.confirm(order.provider_ref, input.data.approve === true);
      if (outcome === 'succeeded') return settle(context, order.id);
      const error = outcome === 'card_declined' ? 'confirmation_refused' : 'not_waiting';
      if (outcome === 'card_declined') await orders.recordPaymentFailure(order.id, { type: 'payment_declined', reason: error });
      return respondJson({ cscode: 402, error, order: (await orders.getOrder(order.id))! } satisfies PaymentResultDto, 402);
    },
  };

  return [createOrderRoute, orderRoute, sandboxPayRoute, sandboxConfirmRoute];
}
