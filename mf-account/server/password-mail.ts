import { DEFAULT_LOCALE, isLocale, type Locale } from '@reelkeep/shared-contracts';
import { createMailTranslate } from '@reelkeep/shared-contracts/i18n';
import type { AccountContext } from './settings.ts';

/** The `forgot_password` namespace of one locale, as `loadTranslations` gives it (English underneath). */
export type PasswordMailTexts = Record<string, unknown>;

/** Which password mail: a reset asked for, or the invitation of an account made at checkout (no password yet). */
export type PasswordMailKind = 'reset' | 'invite';

/**
 * The locale of a same-site page path (`/fr/reset-password` → `fr`, `/reset-password` → `en`): the reset link
 * opens the page of the locale the request came from, so its mail is written in that locale too.
 */
export function readPathLocale(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/** A password mail in `locale` through i18next (docs/i18n.md "Mails"): `mail.<kind>.*` of `forgot_password`. */
export function composePasswordMail(
  texts: PasswordMailTexts,
  locale: Locale,
  kind: PasswordMailKind,
  values: { name: string; email: string; link: string },
): { subject: string; text: string } {
  const t = createMailTranslate(locale, 'forgot_password', texts);
  return { subject: t(`mail.${kind}.subject`), text: `${t(`mail.${kind}.body`, values)}\n` };
}

/** Sends a password mail in the locale of the page its link opens; without its texts it fails (the request answers 5xx-free "failed"). */
export async function sendPasswordMail(
  context: Pick<AccountContext, 'mailer' | 'loadTranslations'>,
  kind: PasswordMailKind,
  recipient: { name: string; email: string },
  link: URL,
): Promise<void> {
  const locale = readPathLocale(link.pathname);
  const texts = (await context.loadTranslations(locale, ['forgot_password'])).forgot_password ?? {};
  if (!texts.mail) throw new Error('the forgot_password translations have no mail texts');
  const mail = composePasswordMail(texts, locale, kind, { name: recipient.name, email: recipient.email, link: link.toString() });
  await context.mailer.send({ to: recipient.email, subject: mail.subject, text: mail.text });
}
