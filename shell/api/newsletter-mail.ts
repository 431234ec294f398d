import { DEFAULT_LOCALE, isLocale, toLocalePrefix, type Locale } from '@reelkeep/shared-contracts';
import { createMailTranslate } from '@reelkeep/shared-contracts/i18n';
import type { HostContext } from '@reelkeep/platform/host-context';
import { buildUnsubscribeHeaders, CONFIRM_TOKEN_TTL_MS } from './newsletter-rules.ts';
import { createUnsubscribeToken, type Subscriber } from './newsletter-subscriptions.ts';

/** The `newsletter` namespace of one locale, as `loadTranslations` gives it (English underneath). */
type NewsletterTexts = Record<string, unknown>;

/** A composed mail: its subject and plain text. */
export interface ComposedMail {
  subject: string;
  text: string;
}

const siteRoot = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** The newsletter page of a locale with one query value: the confirmation and unsubscribe links of the mails. */
export function buildNewsletterPageUrl(siteUrl: string, locale: Locale, name: 'confirm' | 'unsubscribe', token: string): string {
  return `${siteRoot(siteUrl)}${toLocalePrefix(locale)}/newsletter?${new URLSearchParams({ [name]: token })}`;
}

function createTexts(texts: NewsletterTexts, locale: Locale) {
  return createMailTranslate(locale, 'newsletter', texts);
}

/** The confirmation mail of a sign-up (`mail.confirm.*`): the link opens the page whose button confirms. */
export function composeConfirmationMail(texts: NewsletterTexts, locale: Locale, siteUrl: string, token: string): ComposedMail {
  const t = createTexts(texts, locale);
  const values = { link: buildNewsletterPageUrl(siteUrl, locale, 'confirm', token), hours: CONFIRM_TOKEN_TTL_MS / 3_600_000 };
  const paragraphs = [
    t('mail.greeting'),
    t('mail.confirm.body'),
    values.link,
    t('mail.confirm.expiry', values),
    t('mail.confirm.ignore'),
    t('mail.signature'),
  ];
  return { subject: t('mail.confirm.subject'), text: paragraphs.join('\n\n') + '\n' };
}

/** The first newsletter mail, once the address is confirmed (`mail.welcome.*`), ending with the visible unsubscribe link. */
export function composeWelcomeMail(texts: NewsletterTexts, locale: Locale, siteUrl: string, unsubscribeToken: string): ComposedMail {
  const t = createTexts(texts, locale);
  const paragraphs = [
    t('mail.greeting'),
    t('mail.welcome.body'),
    t('mail.signature'),
    [t('mail.unsubscribe'), buildNewsletterPageUrl(siteUrl, locale, 'unsubscribe', unsubscribeToken)].join('\n'),
  ];
  return { subject: t('mail.welcome.subject'), text: paragraphs.join('\n\n') + '\n' };
}

type MailDeps = Pick<HostContext, 'mailer' | 'loadTranslations' | 'keyedHash' | 'site'>;

async function loadTexts(loadTranslations: MailDeps['loadTranslations'], locale: Locale): Promise<NewsletterTexts> {
  const texts = (await loadTranslations(locale, ['newsletter'])).newsletter ?? {};
  // Without its texts no mail goes out: the caller releases its claim and the visitor may try again.
  if (!texts.mail) throw new Error('the newsletter translations have no mail texts');
  return texts;
}

const toLocale = (value: string): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** Mails a confirmation link in the subscriber's language. */
export async function sendConfirmationMail(deps: MailDeps, subscriber: Subscriber, token: string): Promise<void> {
  const locale = toLocale(subscriber.locale);
  const mail = composeConfirmationMail(await loadTexts(deps.loadTranslations, locale), locale, deps.site.SITE_URL, token);
  await deps.mailer.send({ to: subscriber.email, subject: mail.subject, text: mail.text });
}

/**
 * Sends one newsletter mail to a confirmed subscriber: the only way one goes out, so every newsletter mail carries
 * the one-click unsubscribe fields (RFC 8058) and, at its end, the visible link with the same token.
 */
export async function sendNewsletterMail(
  deps: MailDeps,
  subscriber: Subscriber,
  compose: (texts: NewsletterTexts, locale: Locale, siteUrl: string, unsubscribeToken: string) => ComposedMail,
): Promise<void> {
  const locale = toLocale(subscriber.locale);
  const token = createUnsubscribeToken(deps.keyedHash, subscriber);
  const mail = compose(await loadTexts(deps.loadTranslations, locale), locale, deps.site.SITE_URL, token);
  await deps.mailer.send({
    to: subscriber.email,
    subject: mail.subject,
    text: mail.text,
    headers: buildUnsubscribeHeaders(deps.site.SITE_URL, token),
  });
}
