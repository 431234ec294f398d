import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * A local server speaking the part of Stripe's HTTP API the checkout uses (PaymentIntents create and
 * retrieve, refunds), so the official SDK runs unchanged in tests; plus webhook events signed with
 * Stripe's real scheme (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`).
 */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  latest_charge: string | null;
  last_payment_error: { code: string; decline_code?: string } | null;
  livemode: false;
  created: number;
}

interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Parses Stripe's form encoding (`metadata[order_id]=…`, `expand[0]=…`) into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/[[\]]+/).filter(Boolean);
    let target = result as Record<string, unknown>;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

export async function startStripeStandIn(options: { secretKey: string; webhookSecret: string }) {
  const intents = new Map<string, StandInIntent>();
  const charges = new Map<string, StandInCharge>();
  const idempotent = new Map<string, string>();
  const requests: { method: string; path: string; body: Record<string, unknown> }[] = [];

  const withCharge = (intent: StandInIntent, expand: boolean) => ({
    ...intent,
    latest_charge: expand && intent.latest_charge ? charges.get(intent.latest_charge) : intent.latest_charge,
  });
  const error = (status: number, message: string, type = 'invalid_request_error') => ({ status, body: { error: { type, message } } });

  function handle(method: string, url: URL, body: Record<string, unknown>, key: string | undefined): { status: number; body: unknown } {
    const expand = JSON.stringify(body.expand ?? {}).includes('latest_charge') || url.search.includes('latest_charge');
    if (method === 'POST' && url.pathname === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) return error(400, 'Amount must be at least 50 cents');
      const intent: StandInIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: '',
        metadata: (body.metadata as Record<string, string>) ?? {},
        receipt_email: (body.receipt_email as string) ?? null,
        latest_charge: null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
      intents.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    const intentMatch = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(url.pathname);
    if (method === 'GET' && intentMatch) {
      const intent = intents.get(intentMatch[1]!);
      return intent ? { status: 200, body: withCharge(intent, expand) } : error(404, 'No such payment_intent');
    }
    if (method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent));
      const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!intent || !charge) return error(400, 'This PaymentIntent has no successful charge to refund');
      charge.refunded = true;
      charge.amount_refunded = charge.amount;
      return {
        status: 200,
        body: { id: id('re'), object: 'refund', amount: charge.amount, charge: charge.id, payment_intent: intent.id, status: 'succeeded' },
      };
    }
    void key;
    return error(404, `Unrecognized request URL (${method}: ${url.pathname})`);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = parseForm(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
      let answer: { status: number; body: unknown };
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) answer = error(401, 'Invalid API Key provided', 'authentication_error');
      else {
        const key = req.headers['idempotency-key'] as string | undefined;
        const seen = key ? idempotent.get(key) : undefined;
        answer = seen ? JSON.parse(seen) : handle(req.method ?? 'GET', url, body, key);
        if (key && !seen) idempotent.set(key, JSON.stringify(answer));
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  /** A webhook delivery: the event JSON and its signature header, as Stripe sends them. */
  function signEvent(type: string, object: unknown, eventId = id('evt')): { payload: string; signature: string; eventId: string } {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2026-10-28',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', options.webhookSecret).update(`${timestamp}.${payload}`).digest('hex');
    return { payload, signature: `t=${timestamp},v1=${signature}`, eventId };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    signEvent,
    /** The buyer's card goes through (what Payment Element + 3-D Secure end in). */
    succeed(intentId: string): StandInIntent {
      const intent = intents.get(intentId)!;
      const charge: StandInCharge = {
        id: id('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_refunded: 0,
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: false,
        status: 'succeeded',
      };
      charges.set(charge.id, charge);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
      return intent;
    },
    /** The card is declined; the intent waits for another payment method. */
    decline(intentId: string): StandInIntent {
      const intent = intents.get(intentId)!;
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' } });
      return intent;
    },
    /** The intent is given up (Stripe cancels abandoned intents). */
    cancel(intentId: string): StandInIntent & { cancellation_reason: string } {
      const intent = intents.get(intentId)!;
      Object.assign(intent, { status: 'canceled', cancellation_reason: 'abandoned' });
      return intent as StandInIntent & { cancellation_reason: string };
    },
    chargeOf: (intentId: string) => charges.get(intents.get(intentId)?.latest_charge ?? ''),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
