import { randomBytes } from 'node:crypto';
import type { HostContext } from '@reelkeep/platform/host-context';
import { DEFAULT_LOCALE, isLocale, ORDER_STATUSES, type OrderAttribution, type OrderDto, type PriceVariant } from '@reelkeep/shared-contracts';
import { joinBuyerAccount } from './buyer-account.ts';
import { fetchCoupon } from './campaign-client.ts';
import { generateLicenceKey } from './licence-key.ts';
import { createOrderSecret, type OrderAccessFacts } from './order-access.ts';
import { toOrderDtos } from './order-dto.ts';
import { quoteOrder, type OrderProblem } from './order-quote.ts';
import {
  findOrder,
  findOrderIdByPayment,
  insertLicence,
  insertOrder,
  listOrdersOfUser,
  moveOrdersMadeBefore,
  readActiveDevices,
  readLicences,
  replaceLicence,
  restoreReplacedLicence,
  revokeLicences,
  setPaymentReference,
  writeTransition,
  type OrderRow,
  type Query,
} from './order-repository.ts';
import { decideTransition, doesPaymentMatch, isAwaitingPayment, isRefusal, toPaymentEvent, type OrderEvent } from './order-status.ts';
import type { PaymentProvider, PaymentState } from './providers/provider.ts';
import { createReceiptMail } from './receipt-mail.ts';
import type { CheckoutSettings } from './settings.ts';

const DAY_MS = 24 * 3600_000;
const PAYMENT_SUCCEEDED: OrderEvent = { type: 'payment_succeeded' };
const REFUND_REPORTED: OrderEvent = { type: 'refund_reported' };
const TTL_ELAPSED: OrderEvent = { type: 'ttl_elapsed' };
/** An order nobody attributed: no affiliate, no ad, no experiment. */
const NO_ATTRIBUTION: OrderAttribution = { affiliate: null, ad: null, ad1: null, firstTouch: null, experiments: {} };

/** A payment's decline or end, which changes the order without fulfilling it. */
export type PaymentFailure = Extract<OrderEvent, { type: 'payment_declined' | 'payment_canceled' }>;

/** What the order service needs from the host's context. */
export type OrderDeps = Pick<HostContext<CheckoutSettings>, 'db' | 'settings' | 'site' | 'logger' | 'mailer' | 'fetchApi' | 'loadTranslations'> & {
  provider: PaymentProvider;
  now?: () => number;
  /** Test hook: runs after a payment succeeded and before it is fulfilled (a crash there must lose nothing). */
  beforeFulfil?: (orderId: string) => void | Promise<void>;
};

/**
 * Orders: every amount computed here, every payment → one licence. Each change of an order's status is what
 * `decideTransition` (order-status.ts) decides; this service reads, asks it, and carries out the effects.
 */
export function createOrderService(deps: OrderDeps) {
  const { db, settings, logger, provider } = deps;
  const now = deps.now ?? Date.now;
  const receipts = createReceiptMail({ db, mailer: deps.mailer, logger, loadTranslations: deps.loadTranslations, siteUrl: deps.site.SITE_URL });

  /** Orders as their buyers see them, with licences and devices. */
  async function describe(rows: readonly OrderRow[]): Promise<OrderDto[]> {
    const orderIds = rows.map((row) => row.id);
    const licences = await readLicences(db.query, orderIds);
    const licenceIds = licences.map((licence) => licence.id);
    return toOrderDtos(rows, licences, await readActiveDevices(db.query, licenceIds));
  }

  /** Orders whose ORDER_TTL_MIN has passed without a payment expire (their payment can no longer complete them). */
  async function expireStaleOrders(): Promise<void> {
    const cutoff = new Date(now() - settings.ORDER_TTL_MIN * 60_000);
    for (const from of ORDER_STATUSES) {
      const decision = decideTransition(from, TTL_ELAPSED);
      if (!isRefusal(decision)) await moveOrdersMadeBefore(db.query, cutoff, from, decision.next);
    }
  }

  /**
   * Creates a pending order from what the visitor chose, priced by `quoteOrder`. The order's secret is
   * returned once, for the buyer's browser; only its hash is stored.
   */
  async function createOrder(input: {
    product: string;
    pid: string;
    coupon: string;
    email: string;
    userId: string | null;
    locale: string;
    variant: PriceVariant;
    upgradeId: string;
    appliedId: string;
    /** docs/experiments.md "Affiliates and ads": none when the caller knows no cookies (tests, the desktop app). */
    attribution?: OrderAttribution;
  }): Promise<{ order: OrderDto; secret: string } | { problem: OrderProblem }> {
    const priced = await quoteOrder(db.query, input, now(), (code) => fetchCoupon(deps.fetchApi, code));
    if ('problem' in priced) return priced;
    const { product, plan, row, coupon, quote, creditCents, upgradeOf } = priced;
    await expireStaleOrders();
    const id = `ord_${randomBytes(16).toString('base64url')}`;
    const { secret, hash } = createOrderSecret();
    await insertOrder(db.query, {
      id,
      userId: input.userId,
      email: input.email.trim(),
      locale: isLocale(input.locale) ? input.locale : DEFAULT_LOCALE,
      productKey: product.key,
      os: plan.os,
      planType: plan.type,
      pid: row.pid,
      allowNum: row.allowNum,
      dayNum: row.dayNum,
      lifetime: row.calculationNum === null,
      variant: input.variant,
      couponCode: coupon?.code ?? null,
      originCents: quote.originCents,
      priceCents: quote.priceCents,
      discountCents: quote.discountCents,
      amountCents: quote.totalCents,
      creditCents,
      provider: provider.kind,
      upgradeId: upgradeOf,
      appliedId: input.appliedId.slice(0, 64) || null,
      secretHash: hash,
      attribution: input.attribution ?? NO_ATTRIBUTION,
    });
    logger.info('order created', {
      orderId: id,
      pid: row.pid,
      amountCents: quote.totalCents,
      variant: input.variant,
      coupon: coupon?.code ?? null,
      upgradeOf,
      creditCents,
      affiliate: input.attribution?.affiliate ?? null,
    });
    return { order: (await describe([(await findOrder(db.query, id))!]))[0]!, secret };
  }

  /** Starts (or resumes) the provider payment of an order waiting for one. */
  async function startPayment(orderId: string): Promise<{ reference: string; clientSecret?: string } | null> {
    const order = await findOrder(db.query, orderId);
    if (!order || !isAwaitingPayment(order.status)) return null;
    if (order.provider_ref && provider.kind === 'sandbox') return { reference: order.provider_ref };
    const started = await provider.start({ id: order.id, amountCents: order.amount_cents, email: order.email, attempt: order.attempts });
    await setPaymentReference(db.query, order.id, started.reference);
    return started;
  }

  /**
   * A payment succeeded: the order is paid with exactly one licence, in one transaction. `inTransaction`
   * lets a webhook record its event id in the same transaction.
   */
  async function fulfil(
    orderId: string,
    payment: PaymentState,
    inTransaction?: (query: Query) => Promise<void>,
  ): Promise<'fulfilled' | 'already' | 'refused'> {
    const before = await findOrder(db.query, orderId);
    if (!before) return 'refused';
    if (!doesPaymentMatch(payment, before.amount_cents)) {
      logger.error('payment amount does not match the order: not fulfilled', {
        orderId,
        paid: payment.amountCents,
        expected: before.amount_cents,
        currency: payment.currency,
      });
      return 'refused';
    }
    await deps.beforeFulfil?.(orderId);
    const expected = decideTransition(before.status, PAYMENT_SUCCEEDED);
    // The account is asked for outside the transaction: it is another squad's API.
    const userId = !isRefusal(expected) && expected.effects.includes('join_account') ? await joinBuyerAccount(deps, before) : before.user_id;
    const outcome = await db.transaction(async (query) => {
      await inTransaction?.(query);
      const order = (await findOrder(query, orderId, { lock: true }))!;
      const decision = decideTransition(order.status, PAYMENT_SUCCEEDED);
      if (isRefusal(decision)) return 'already' as const;
      const paidAt = new Date(now());
      await writeTransition(query, orderId, order.status, decision, paidAt, userId);
      if (decision.effects.includes('issue_licence')) {
        await insertLicence(query, order, generateLicenceKey(), order.lifetime ? null : new Date(paidAt.getTime() + order.day_num * DAY_MS));
        // docs/commerce.md "Upgrades": the upgraded licence ends as its successor is issued, in the same transaction.
        if (order.upgrade_id && !(await replaceLicence(query, order.upgrade_id, orderId, paidAt)))
          logger.warn('upgrade paid, but the licence it replaces had already ended', { orderId, upgradeOf: order.upgrade_id });
      }
      return 'fulfilled' as const;
    });
    if (outcome === 'fulfilled') logger.info('order fulfilled', { orderId });
    // The receipt of this payment, or of an earlier one whose receipt could not go out.
    await receipts.sendIfOwed(orderId);
    return outcome;
  }

  /** A declined card or a payment given up: recorded on the order when the state machine takes it. */
  async function recordPaymentFailure(orderId: string, event: PaymentFailure): Promise<void> {
    const order = await findOrder(db.query, orderId);
    const decision = order && decideTransition(order.status, event);
    if (order && decision && !isRefusal(decision)) await writeTransition(db.query, orderId, order.status, decision, new Date(now()));
  }

  /** Asks the provider about an unpaid order's payment and applies what it says (return page, polling, retries). */
  async function reconcile(orderId: string): Promise<void> {
    const order = await findOrder(db.query, orderId);
    if (!order?.provider_ref || order.status === 'refunded') return;
    if (order.status === 'paid') return void (await receipts.sendIfOwed(orderId));
    const payment = await provider.retrieve(order.provider_ref);
    if (payment.orderId !== orderId) return;
    const event = toPaymentEvent(payment, order.failure_code);
    if (event?.type === 'payment_succeeded') await fulfil(orderId, payment);
    else if (event?.type === 'payment_declined' || event?.type === 'payment_canceled') await recordPaymentFailure(orderId, event);
  }

  /** The money went back (a provider's refund event, or the admin refund): the order is refunded and its licence revoked. */
  async function recordRefund(orderId: string, inTransaction?: (query: Query) => Promise<void>): Promise<boolean> {
    return db.transaction(async (query) => {
      await inTransaction?.(query);
      const order = await findOrder(query, orderId, { lock: true });
      const decision = order && decideTransition(order.status, REFUND_REPORTED);
      if (!order || !decision || isRefusal(decision)) return false;
      const at = new Date(now());
      await writeTransition(query, orderId, order.status, decision, at);
      if (decision.effects.includes('revoke_licence')) {
        await revokeLicences(query, orderId, at);
        if (order.upgrade_id) await restoreReplacedLicence(query, orderId);
      }
      logger.info('order refunded, licence revoked', { orderId });
      return true;
    });
  }

  /** The operator refunds a paid order: the provider gives the money back, then the refund is recorded. */
  async function refund(orderId: string): Promise<'refunded' | 'not_paid'> {
    const order = await findOrder(db.query, orderId);
    const decision = order && decideTransition(order.status, { type: 'refund_requested' });
    if (!order?.provider_ref || !decision || isRefusal(decision)) return 'not_paid';
    if (decision.effects.includes('refund_payment')) await provider.refund(order.provider_ref);
    // From here it is a refund like one the provider reports (its own event may even record it first).
    await recordRefund(orderId);
    return 'refunded';
  }

  return {
    createOrder,
    startPayment,
    fulfil,
    reconcile,
    recordPaymentFailure,
    recordRefund,
    refund,
    /** Sends a paid order's receipt again (the console's resend). */
    resendReceipt: (order: OrderRow) => receipts.send(order),
    findOrderRow: (id: string) => findOrder(db.query, id),
    /** The order a payment of this version's provider belongs to (a refund event names the payment only). */
    findOrderIdOfPayment: (reference: string) => findOrderIdByPayment(db.query, provider.kind, reference),
    async getOrder(id: string): Promise<OrderDto | null> {
      const row = await findOrder(db.query, id);
      return row ? (await describe([row]))[0]! : null;
    },
    /** What decides who may see an order (`decideOrderAccess`), or null when there is no such order. */
    async readAccessFacts(id: string): Promise<OrderAccessFacts | null> {
      const row = await findOrder(db.query, id);
      return row && { userId: row.user_id, secretHash: row.secret_hash, createdAt: new Date(row.created_at).getTime() };
    },
    /** A signed-in customer's orders, newest first (mf-account's My account page). */
    async listOrders(userId: string): Promise<OrderDto[]> {
      return describe(await listOrdersOfUser(db.query, userId));
    },
  };
}

/** The order service. */
export type OrderService = ReturnType<typeof createOrderService>;
