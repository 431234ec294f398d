import { randomBytes } from 'node:crypto';
import type { Database } from '@reelkeep/platform/host-context';
import type { PaymentProvider, PaymentState } from './provider.ts';

/**
 * The sandbox's test cards (docs/api.md "Payments"): any future expiry, any 3-digit CVC.
 * Every other number is refused: the sandbox takes no real card.
 */
export const SANDBOX_CARDS = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'requires_confirmation',
} as const;

/** What a card entered on the sandbox card step does. */
export type SandboxCardOutcome =
  | 'succeeded'
  | 'requires_confirmation'
  | 'card_declined'
  | 'insufficient_funds'
  | 'invalid_number'
  | 'invalid_expiry'
  | 'invalid_cvc'
  | 'test_card_only';

/** Luhn check of a card number. */
function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks a card the way a processor would, then maps the test numbers to their outcome. */
export function readSandboxCard(card: { number: string; expiry: string; cvc: string }, now = new Date()): SandboxCardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits)) return 'invalid_number';
  const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12 || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return 'invalid_expiry';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return 'invalid_cvc';
  const outcome = SANDBOX_CARDS[digits as keyof typeof SANDBOX_CARDS];
  if (!outcome) return 'test_card_only';
  return outcome === 'succeeds' ? 'succeeded' : outcome;
}

interface SandboxRow {
  id: string;
  order_id: string;
  amount_cents: number;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'refunded';
  card_last4: string | null;
}

/** The built-in provider: payments live in the checkout schema, the card step is the site's own page. */
export function createSandboxProvider(db: Database) {
  const find = async (reference: string) => (await db.query<SandboxRow>('SELECT * FROM checkout.sandbox_payments WHERE id = $1', [reference]))[0];
  const failures = new Map<string, string>();

  const provider: PaymentProvider & {
    pay(reference: string, card: { number: string; expiry: string; cvc: string }): Promise<SandboxCardOutcome>;
    confirm(reference: string, approve: boolean): Promise<'succeeded' | 'card_declined' | 'not_waiting'>;
  } = {
    kind: 'sandbox',
    async start(order) {
      const [existing] = await db.query<SandboxRow>(
        `SELECT * FROM checkout.sandbox_payments WHERE order_id = $1 AND status <> 'refunded' ORDER BY created_at DESC LIMIT 1`,
        [order.id],
      );
      // One payment per order: a retried start resumes it.
      if (existing) return { reference: existing.id };
      const id = `sbpi_${randomBytes(12).toString('base64url')}`;
      await db.query(`INSERT INTO checkout.sandbox_payments (id, order_id, amount_cents, status) VALUES ($1, $2, $3, 'requires_payment_method')`, [
        id,
        order.id,
        order.amountCents,
      ]);
      return { reference: id };
    },
    async retrieve(reference): Promise<PaymentState> {
      const row = await find(reference);
      if (!row) return { status: 'failed', amountCents: 0, currency: 'usd', orderId: null, failureCode: 'unknown_payment' };
      const status = row.status === 'requires_payment_method' ? 'pending' : row.status;
      return { status, amountCents: row.amount_cents, currency: 'usd', orderId: row.order_id, failureCode: failures.get(reference) ?? null };
    },
    async refund(reference) {
      await db.query(`UPDATE checkout.sandbox_payments SET status = 'refunded', updated_at = now() WHERE id = $1 AND status = 'succeeded'`, [
        reference,
      ]);
    },
    /** The card step: a test card succeeds, declines or asks for the confirmation step. */
    async pay(reference, card) {
      const row = await find(reference);
      if (!row || row.status === 'refunded') return 'card_declined';
      if (row.status === 'succeeded') return 'succeeded';
      const outcome = readSandboxCard(card);
      const last4 = card.number.replace(/\D/g, '').slice(-4);
      if (outcome === 'succeeded' || outcome === 'requires_confirmation') {
        await db.query(`UPDATE checkout.sandbox_payments SET status = $2, card_last4 = $3, updated_at = now() WHERE id = $1`, [
          reference,
          outcome,
          last4,
        ]);
        failures.delete(reference);
      } else if (outcome === 'card_declined' || outcome === 'insufficient_funds') {
        failures.set(reference, outcome);
      }
      return outcome;
    },
    /** The confirmation step (the sandbox's 3-D Secure): the visitor approves or refuses. */
    async confirm(reference, approve) {
      const row = await find(reference);
      if (!row || row.status !== 'requires_confirmation') return row?.status === 'succeeded' ? 'succeeded' : 'not_waiting';
      await db.query(`UPDATE checkout.sandbox_payments SET status = $2, updated_at = now() WHERE id = $1`, [
        reference,
        approve ? 'succeeded' : 'requires_payment_method',
      ]);
      if (!approve) failures.set(reference, 'card_declined');
      return approve ? 'succeeded' : 'card_declined';
    },
  };
  return provider;
}

/** The sandbox provider with its card step. */
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
