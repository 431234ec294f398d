import type { Database, HostContext } from '@reelkeep/platform/host-context';
import { DEFAULT_LOCALE, formatCents, isLocale, toLocalePrefix, type Locale, type OrderDto } from '@reelkeep/shared-contracts';
import { createMailTranslate } from '@reelkeep/shared-contracts/i18n';
import { toOrderDtos } from './order-dto.ts';
import { claimReceipt, readLicences, releaseReceipt, type OrderRow } from './order-repository.ts';

/** The checkout namespace of one locale, as `loadTranslations` gives it. */
export type CheckoutTexts = Record<string, unknown>;

/**
 * One text of the checkout namespace through i18next in `locale` (docs/i18n.md "Mails"): `{{name}}` placeholders
 * filled from `values`, with a numeric `count` the locale's plural form. A missing key is empty text, so a
 * receipt never shows a key.
 */
export function translate(texts: CheckoutTexts, locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  return createMailTranslate(locale, 'checkout', texts)(key, values);
}

/** The receipt of a paid order in its buyer's language (`receipt.*` of the checkout namespace). */
export function composeReceipt(texts: CheckoutTexts, locale: Locale, siteUrl: string, order: OrderDto): { subject: string; text: string } {
  // One i18next instance for the whole receipt, in the buyer's language.
  const t = createMailTranslate(locale, 'checkout', texts);
  const plan = t('summary_plan', { plan: t(`plan_names.${order.planType}`), os: t(order.os === 'mac' ? 'os_mac' : 'os_win') });
  const values = {
    order: order.id,
    plan,
    amount: formatCents(order.amountCents, locale),
    key: order.licence?.key ?? '',
    count: order.licence?.allowNum ?? 1,
    account: `${siteUrl.replace(/\/$/, '')}${toLocalePrefix(locale)}/my-account`,
  };
  const paragraphs = [
    [t('receipt.greeting')],
    [t('receipt.body', values)],
    [t('receipt.key_line', values), t('receipt.devices', values)],
    [t('receipt.account', values)],
    [t('receipt.signature')],
  ];
  return { subject: t('receipt.subject', values), text: `${paragraphs.map((lines) => lines.join('\n')).join('\n\n')}\n` };
}

/** What sending receipts needs from the host's context. */
export type ReceiptDeps = Pick<HostContext, 'mailer' | 'logger' | 'loadTranslations'> & { db: Database; siteUrl: string };

/** Sends each paid order's receipt with its licence key once, whoever asks first (the payment step, the webhook, a later look). */
export function createReceiptMail({ db, mailer, logger, loadTranslations, siteUrl }: ReceiptDeps) {
  /** Composes the receipt of a paid order in its buyer's language and sends it. */
  async function send(paid: OrderRow): Promise<void> {
    const [order] = toOrderDtos([paid], await readLicences(db.query, [paid.id]), []);
    const locale: Locale = isLocale(paid.locale) ? paid.locale : DEFAULT_LOCALE;
    // The host merges the order's language over English, so a key missing there falls back to English, like the pages do.
    const texts = (await loadTranslations(locale, ['checkout'])).checkout ?? {};
    // Without its texts no receipt goes out: the claim is released and the next look at the order retries.
    if (!texts.receipt) throw new Error('the checkout translations have no receipt texts');
    const mail = composeReceipt(texts, locale, siteUrl, order!);
    await mailer.send({ to: paid.email, subject: mail.subject, text: mail.text });
  }
  return {
    /** The console's resend (docs/console.md "Orders and licences"): the receipt of a paid order again, whether or not one went out. */
    send,
    /** Sends the receipt of a paid order unless it is out: claimed before sending, released again if the mail fails. */
    async sendIfOwed(orderId: string): Promise<void> {
      const claimed = await claimReceipt(db.query, orderId);
      if (!claimed) return;
      try {
        await send(claimed);
      } catch (error) {
        await releaseReceipt(db.query, orderId);
        logger.error('receipt not sent; it is retried on the next look at the order', { orderId, error: String(error) });
      }
    },
  };
}

/** The receipt mail of the checkout. */
export type ReceiptMail = ReturnType<typeof createReceiptMail>;
