import { randomBytes } from 'node:crypto';
import type { Database, HostContext } from '@reelkeep/platform/host-context';
import {
  checkField,
  DEFAULT_LOCALE,
  formatCents,
  isLocale,
  parsePlanId,
  quotePlan,
  toLocalePrefix,
  type DeviceDto,
  type Locale,
  type LicenceDto,
  type OrderDto,
  type OrderStatus,
  type PlanOs,
  type PlanType,
  type PriceVariant,
} from '@reelkeep/shared-contracts';
import { findCoupon, findPlans, findProduct, isCouponRunning } from './catalogue.ts';
import { generateLicenceKey } from './licence-key.ts';
import { createOrderSecret, type OrderAccessFacts } from './order-access.ts';
import type { PaymentProvider, PaymentState } from './providers/provider.ts';
import type { CheckoutSettings } from './settings.ts';

type Query = Database['query'];
const DAY_MS = 24 * 3600_000;

/** A refusal the checkout page shows next to a field (the code is a translation key). */
export interface OrderProblem {
  field: 'plan' | 'coupon' | 'email' | 'form';
  code: string;
}

interface OrderRow {
  id: string;
  status: OrderStatus;
  user_id: string | null;
  email: string;
  locale: string;
  product_key: string;
  os: PlanOs;
  plan_type: PlanType;
  pid: string;
  allow_num: number;
  day_num: number;
  lifetime: boolean;
  variant: PriceVariant;
  coupon_code: string | null;
  origin_cents: number;
  price_cents: number;
  discount_cents: number;
  amount_cents: number;
  provider: 'sandbox' | 'stripe';
  provider_ref: string | null;
  failure_code: string | null;
  attempts: number;
  created_at: Date;
  paid_at: Date | null;
  receipt_sent_at: Date | null;
  secret_hash: string | null;
}

interface LicenceRow {
  id: string;
  order_id: string;
  key: string;
  os: PlanOs;
  plan_type: PlanType;
  allow_num: number;
  expires_at: Date | null;
  status: 'active' | 'revoked';
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** What the order service needs from the host's context. */
export type OrderDeps = Pick<HostContext<CheckoutSettings>, 'db' | 'settings' | 'site' | 'logger' | 'mailer' | 'fetchApi' | 'loadTranslations'> & {
  provider: PaymentProvider;
  now?: () => number;
  /** Test hook: runs after a payment succeeded and before it is fulfilled (a crash there must lose nothing). */
  beforeFulfil?: (orderId: string) => void | Promise<void>;
};

/** Orders, payment reconciliation, fulfilment and refunds: every amount computed here, every payment → one licence. */
export function createOrderService(deps: OrderDeps) {
  const { db, settings, logger } = deps;
  const now = deps.now ?? Date.now;

  const findOrderRow = async (query: Query, id: string, lock = false) =>
    (await query<OrderRow>(`SELECT * FROM checkout.orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]))[0] ?? null;

  async function readDevices(licenceIds: string[]): Promise<Map<string, DeviceDto[]>> {
    const byLicence = new Map<string, DeviceDto[]>();
    if (licenceIds.length === 0) return byLicence;
    const rows = await db.query<{ licence_id: string; device_id: string; name: string; activated_at: Date }>(
      `SELECT licence_id::text, device_id, name, activated_at FROM checkout.devices WHERE licence_id = ANY($1::bigint[]) AND deactivated_at IS NULL ORDER BY activated_at`,
      [licenceIds],
    );
    for (const row of rows) {
      const list = byLicence.get(row.licence_id) ?? [];
      list.push({ deviceId: row.device_id, name: row.name, activatedAt: new Date(row.activated_at).toISOString() });
      byLicence.set(row.licence_id, list);
    }
    return byLicence;
  }

  async function toDtos(rows: OrderRow[]): Promise<OrderDto[]> {
    const licences = rows.length
      ? await db.query<LicenceRow>(
          `SELECT id::text, order_id, key, os, plan_type, allow_num, expires_at, status FROM checkout.licences WHERE order_id = ANY($1)`,
          [rows.map((row) => row.id)],
        )
      : [];
    const devices = await readDevices(licences.map((licence) => licence.id));
    return rows.map((row) => {
      const licence = licences.find((candidate) => candidate.order_id === row.id);
      const licenceDto: LicenceDto | null = licence
        ? {
            key: licence.key,
            status: licence.status,
            os: licence.os,
            planType: licence.plan_type,
            allowNum: licence.allow_num,
            expiresAt: iso(licence.expires_at),
            devices: devices.get(licence.id) ?? [],
          }
        : null;
      return {
        id: row.id,
        status: row.status,
        product: row.product_key,
        pid: row.pid,
        os: row.os,
        planType: row.plan_type,
        variant: row.variant,
        couponCode: row.coupon_code,
        originCents: row.origin_cents,
        priceCents: row.price_cents,
        discountCents: row.discount_cents,
        amountCents: row.amount_cents,
        currency: 'USD',
        email: row.email,
        createdAt: new Date(row.created_at).toISOString(),
        paidAt: iso(row.paid_at),
        failureCode: row.status === 'pending' ? row.failure_code : null,
        licence: licenceDto,
      };
    });
  }

  /** Pending orders older than ORDER_TTL_MIN become expired (their payment can no longer complete them). */
  async function expireStaleOrders(): Promise<void> {
    await db.query(`UPDATE checkout.orders SET status = 'expired' WHERE status = 'pending' AND created_at < $1`, [
      new Date(now() - settings.ORDER_TTL_MIN * 60_000),
    ]);
  }

  /**
   * Creates a pending order from what the visitor chose. The amount comes from the plan table, the
   * visitor's A/B variant (read by the caller from the server-set cookie) and a coupon running now.
   * The order's secret is returned once, for the buyer's browser; only its hash is stored.
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
  }): Promise<{ order: OrderDto; secret: string } | { problem: OrderProblem }> {
    const plan = parsePlanId(input.pid);
    if (!plan) return { problem: { field: 'plan', code: 'plan_unknown' } };
    const product = await findProduct(db.query, input.product);
    const plans = await findPlans(db.query, product);
    const list = plan.os === 'mac' ? plans.mac : plans.win;
    if (!list) return { problem: { field: 'plan', code: 'mac_unavailable' } };
    const row = list.find((candidate) => candidate.type === plan.type);
    if (!row) return { problem: { field: 'plan', code: 'plan_unknown' } };
    if (checkField('email', input.email) !== 'valid') return { problem: { field: 'email', code: input.email ? 'value' : 'empty' } };

    let coupon = null;
    if (input.coupon.trim()) {
      coupon = await findCoupon(db.query, input.coupon);
      if (!coupon) return { problem: { field: 'coupon', code: 'coupon_unknown' } };
      if (!isCouponRunning(coupon, now())) return { problem: { field: 'coupon', code: 'coupon_expired' } };
    }
    const quote = quotePlan(row, input.variant, coupon);
    if (coupon && quote.discountCents === 0)
      return {
        problem: {
          field: 'coupon',
          code: coupon.allowedTypes.length && !coupon.allowedTypes.includes(plan.type) ? 'coupon_plan' : 'coupon_min_price',
        },
      };

    await expireStaleOrders();
    const id = `ord_${randomBytes(16).toString('base64url')}`;
    const locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE;
    const { secret, hash } = createOrderSecret();
    await db.query(
      `INSERT INTO checkout.orders (id, user_id, email, locale, product_key, os, plan_type, pid, allow_num, day_num, lifetime, variant, coupon_code,
         origin_cents, price_cents, discount_cents, amount_cents, provider, upgrade_id, applied_id, secret_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
      [
        id,
        input.userId,
        input.email.trim(),
        locale,
        product.key,
        plan.os,
        plan.type,
        row.pid,
        row.allowNum,
        row.dayNum,
        row.calculationNum === null,
        input.variant,
        coupon?.code ?? null,
        quote.originCents,
        quote.priceCents,
        quote.discountCents,
        quote.totalCents,
        deps.provider.kind,
        input.upgradeId.slice(0, 64) || null,
        input.appliedId.slice(0, 64) || null,
        hash,
      ],
    );
    logger.info('order created', { orderId: id, pid: row.pid, amountCents: quote.totalCents, variant: input.variant, coupon: coupon?.code ?? null });
    return { order: (await toDtos([(await findOrderRow(db.query, id))!]))[0]!, secret };
  }

  /** Starts (or resumes) the provider payment of a pending order. */
  async function startPayment(orderId: string): Promise<{ reference: string; clientSecret?: string } | null> {
    const order = await findOrderRow(db.query, orderId);
    if (!order || order.status !== 'pending') return null;
    if (order.provider_ref && deps.provider.kind === 'sandbox') return { reference: order.provider_ref };
    const started = await deps.provider.start({ id: order.id, amountCents: order.amount_cents, email: order.email, attempt: order.attempts });
    await db.query(`UPDATE checkout.orders SET provider_ref = $2 WHERE id = $1`, [order.id, started.reference]);
    return started;
  }

  /** Makes sure a buyer without an account has one (mf-account creates it and mails a set-password link). */
  async function ensureAccount(order: OrderRow): Promise<string | null> {
    if (order.user_id) return order.user_id;
    try {
      const answer = await deps.fetchApi('/api/account/internal/checkout-account', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: order.email, locale: order.locale }),
      });
      if (!answer.ok) throw new Error(`account API answered ${answer.status}`);
      return ((await answer.json()) as { userId: string }).userId;
    } catch (error) {
      // The licence is still issued and mailed; the order joins an account when one is made for the address.
      logger.warn('could not make an account for a checkout buyer', { orderId: order.id, error: String(error) });
      return null;
    }
  }

  /**
   * Fulfils a paid order in one transaction: paid state and exactly one licence (the unique order_id makes
   * a second attempt a no-op). `inTransaction` lets a webhook record its event id in the same transaction.
   */
  async function fulfil(
    orderId: string,
    payment: PaymentState,
    inTransaction?: (query: Query) => Promise<void>,
  ): Promise<'fulfilled' | 'already' | 'refused'> {
    const before = await findOrderRow(db.query, orderId);
    if (!before) return 'refused';
    if (payment.amountCents !== before.amount_cents || payment.currency.toLowerCase() !== 'usd') {
      logger.error('payment amount does not match the order: not fulfilled', {
        orderId,
        paid: payment.amountCents,
        expected: before.amount_cents,
        currency: payment.currency,
      });
      return 'refused';
    }
    await deps.beforeFulfil?.(orderId);
    const userId = before.status === 'paid' || before.status === 'refunded' ? before.user_id : await ensureAccount(before);
    const outcome = await db.transaction(async (query) => {
      await inTransaction?.(query);
      const order = (await findOrderRow(query, orderId, true))!;
      // A refund that overtook the payment event wins: no licence for money that went back.
      if (order.status === 'paid' || order.status === 'refunded') return 'already' as const;
      const paidAt = new Date(now());
      await query(`UPDATE checkout.orders SET status = 'paid', paid_at = $2, failure_code = NULL, user_id = COALESCE(user_id, $3) WHERE id = $1`, [
        orderId,
        paidAt,
        userId,
      ]);
      const expiresAt = order.lifetime ? null : new Date(paidAt.getTime() + order.day_num * DAY_MS);
      await query(
        `INSERT INTO checkout.licences (order_id, key, os, plan_type, allow_num, expires_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (order_id) DO NOTHING`,
        [orderId, generateLicenceKey(), order.os, order.plan_type, order.allow_num, expiresAt],
      );
      return 'fulfilled' as const;
    });
    if (outcome === 'fulfilled') logger.info('order fulfilled', { orderId });
    await sendReceipt(orderId);
    return outcome;
  }

  /** Asks the provider about an unpaid order's payment and fulfils it when it went through (return page, polling, retries). */
  async function reconcile(orderId: string): Promise<void> {
    const order = await findOrderRow(db.query, orderId);
    if (!order?.provider_ref || order.status === 'refunded') return;
    if (order.status === 'paid') return void (await sendReceipt(orderId));
    const payment = await deps.provider.retrieve(order.provider_ref);
    if (payment.orderId !== orderId) return;
    if (payment.status === 'succeeded') await fulfil(orderId, payment);
    else if (payment.status === 'failed') await markFailed(orderId, payment.failureCode ?? 'payment_canceled');
    else if (payment.failureCode && payment.failureCode !== order.failure_code) await recordFailure(orderId, payment.failureCode);
  }

  /** The provider gave the payment up for good (Stripe: the PaymentIntent was canceled): the order is failed. */
  async function markFailed(orderId: string, code: string): Promise<void> {
    await db.query(`UPDATE checkout.orders SET status = 'failed', failure_code = $2 WHERE id = $1 AND status = 'pending'`, [
      orderId,
      code.slice(0, 64),
    ]);
  }

  /** A declined attempt: the order stays unpaid (the buyer may try another card) with the reason. */
  async function recordFailure(orderId: string, code: string): Promise<void> {
    await db.query(`UPDATE checkout.orders SET failure_code = $2, attempts = attempts + 1 WHERE id = $1 AND status = 'pending'`, [
      orderId,
      code.slice(0, 64),
    ]);
  }

  /** Marks an order refunded and revokes its licence (from the admin API or a provider's refund event). */
  async function markRefunded(orderId: string, inTransaction?: (query: Query) => Promise<void>): Promise<boolean> {
    return db.transaction(async (query) => {
      await inTransaction?.(query);
      const order = await findOrderRow(query, orderId, true);
      if (!order || order.status === 'refunded') return false;
      await query(`UPDATE checkout.orders SET status = 'refunded', refunded_at = $2 WHERE id = $1`, [orderId, new Date(now())]);
      await query(`UPDATE checkout.licences SET status = 'revoked', revoked_at = $2 WHERE order_id = $1 AND status = 'active'`, [
        orderId,
        new Date(now()),
      ]);
      logger.info('order refunded, licence revoked', { orderId });
      return true;
    });
  }

  /** Refunds a paid order through its provider, then revokes the licence. */
  async function refund(orderId: string): Promise<'refunded' | 'not_paid'> {
    const order = await findOrderRow(db.query, orderId);
    if (!order || order.status !== 'paid' || !order.provider_ref) return 'not_paid';
    await deps.provider.refund(order.provider_ref);
    await markRefunded(orderId);
    return 'refunded';
  }

  /** The receipt with the licence key, sent once (claimed before sending; released again if the mail fails). */
  async function sendReceipt(orderId: string): Promise<void> {
    const [claimed] = await db.query<OrderRow>(
      `UPDATE checkout.orders SET receipt_sent_at = now() WHERE id = $1 AND status = 'paid' AND receipt_sent_at IS NULL RETURNING *`,
      [orderId],
    );
    if (!claimed) return;
    try {
      const [dto] = await toDtos([claimed]);
      const mail = await composeReceipt(deps.loadTranslations, deps.site.SITE_URL, dto!, claimed.locale);
      await deps.mailer.send({ to: claimed.email, subject: mail.subject, text: mail.text });
    } catch (error) {
      await db.query(`UPDATE checkout.orders SET receipt_sent_at = NULL WHERE id = $1`, [orderId]);
      logger.error('receipt not sent; it is retried on the next look at the order', { orderId, error: String(error) });
    }
  }

  return {
    createOrder,
    startPayment,
    fulfil,
    reconcile,
    recordFailure,
    markFailed,
    markRefunded,
    refund,
    findOrderRow: (id: string) => findOrderRow(db.query, id),
    async getOrder(id: string): Promise<OrderDto | null> {
      const row = await findOrderRow(db.query, id);
      return row ? (await toDtos([row]))[0]! : null;
    },
    /** What decides who may see an order (`decideOrderAccess`), or null when there is no such order. */
    async readAccessFacts(id: string): Promise<OrderAccessFacts | null> {
      const row = await findOrderRow(db.query, id);
      return row && { userId: row.user_id, secretHash: row.secret_hash, createdAt: new Date(row.created_at).getTime() };
    },
    /** A signed-in customer's orders, newest first (mf-account's My account page). */
    async listOrders(userId: string): Promise<OrderDto[]> {
      return toDtos(
        await db.query<OrderRow>(`SELECT * FROM checkout.orders WHERE user_id = $1 AND status <> 'expired' ORDER BY created_at DESC LIMIT 100`, [
          userId,
        ]),
      );
    },
  };
}

/** The order service. */
export type OrderService = ReturnType<typeof createOrderService>;

/** Fills `{{name}}` placeholders. */
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

/** The receipt mail in the order's language, from the `checkout` translations (`receipt.*`). */
export async function composeReceipt(
  loadTranslations: HostContext['loadTranslations'],
  siteUrl: string,
  order: OrderDto,
  locale: string,
): Promise<{ subject: string; text: string }> {
  const safeLocale: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  // The host merges the order's language over English, so a key missing there falls back to English, like the pages do.
  const strings = (await loadTranslations(safeLocale, ['checkout'])).checkout ?? {};
  // Without its texts no receipt goes out: the caller releases its claim and the next look at the order retries.
  if (!strings.receipt) throw new Error('the checkout translations have no receipt texts');
  const lookup = (dictionary: Record<string, unknown>, key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);
  const text = (key: string, values: Record<string, string> = {}) => {
    const value = lookup(strings, key);
    return fill(typeof value === 'string' ? value : '', values);
  };
  const values = {
    order: order.id,
    plan: `${text(`plan_names.${order.planType}`)} · ${order.os === 'mac' ? 'Mac' : 'Windows'}`,
    amount: formatCents(order.amountCents, safeLocale),
    devices: String(order.licence?.allowNum ?? 1),
    account: `${siteUrl.replace(/\/$/, '')}${toLocalePrefix(safeLocale)}/my-account`,
  };
  const lines = [
    text('receipt.greeting'),
    '',
    text('receipt.body', values),
    '',
    `${text('receipt.key_label')}: ${order.licence?.key ?? ''}`,
    text('receipt.devices', values),
    '',
    text('receipt.account', values),
    '',
    text('receipt.signature'),
  ];
  return { subject: text('receipt.subject', values), text: `${lines.join('\n')}\n` };
}
