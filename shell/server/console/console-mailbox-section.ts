import { canRole, consoleMailQuery, consoleMailResendInput } from '@reelkeep/shared-contracts/console';
import type { Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import type { OutboxMessage } from '@reelkeep/platform/mail';
import { html, type Markup } from './console-html.ts';
import { admitWithInput, type ConsoleRequest, type ConsoleRouteHandler } from './console-request.ts';
import { renderPlainTable } from './console-table.ts';

/** A mail's text with the site's own addresses as links (a newcomer opens the set-password link); other text stays text. */
export function linkSiteAddresses(text: string, siteOrigin: string): Markup {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return html`${parts.map((part, index) => {
    if (index % 2 === 0) return part;
    let origin: string | null = null;
    try {
      origin = new URL(part).origin;
    } catch {
      origin = null;
    }
    return origin === siteOrigin ? html`<a href="${part}">${part}</a>` : part;
  })}`;
}

/** The opened message: who, its state and attempts, "Send again" for a role that may, and its text. */
function renderOpenedMail(t: TranslateFunction, opened: OutboxMessage, body: Markup, canResend: boolean): Markup {
  return html`<section aria-labelledby="mail-subject">
    <h2 id="mail-subject">${opened.subject}</h2>
    <p>${t('mailbox.to')}: ${opened.recipient}</p>
    <p>
      ${t('mailbox.state')}: ${t(`mailbox.states.${opened.state}`)} ·
      ${t('mailbox.attempts', { count: opened.attempts })}${opened.sent_at ? html` · ${t('mailbox.sentAt')} ${opened.sent_at.slice(0, 19)}` : ''}
    </p>
    ${opened.last_error ? html`<p>${t('mailbox.lastError')}: <code>${opened.last_error}</code></p>` : ''}
    ${
      canResend
        ? html`<form method="post" action="/console/mailbox/resend">
            <input type="hidden" name="id" value="${opened.id}" /><button type="submit" class="secondary">${t('mailbox.resend')}</button>
          </form>`
        : ''
    }
    <pre>${body}</pre>
  </section>`;
}

/** The outbox, newest first, and the message asked for (`mail:read`; opening one is in the audit log). */
async function showMailbox(request: ConsoleRequest): Promise<boolean> {
  const { t } = request;
  const { mailer } = request.deps;
  const admitted = await admitWithInput(request, { resource: 'mail', action: 'read' }, consoleMailQuery);
  if (!admitted) return true;
  const { actor, input } = admitted;
  const messages = await mailer.listOutbox(100);
  const opened = input.id ? ((await mailer.readOutbox(input.id)) ?? undefined) : undefined;
  if (opened) await request.audit(actor, 'mail.read', `mail:${opened.id}`, undefined, { recipient: opened.recipient, subject: opened.subject });
  const body = opened ? linkSiteAddresses(opened.body_text, request.siteOrigin) : null;
  const canResend = canRole(actor.role, { resource: 'mail', action: 'resend' });
  const rows = messages.map(
    (message) =>
      html`<tr>
        <td>${message.created_at.slice(0, 19)}</td>
        <td>${message.recipient}</td>
        <td>
          <a href="/console/mailbox?id=${message.id}" ${message.id === opened?.id ? html` aria-current="true"` : ''}>${message.subject}</a>
        </td>
        <td>${t(`mailbox.states.${message.state}`)}</td>
      </tr>`,
  );
  const headings = ['mailbox.when', 'mailbox.to', 'mailbox.subject', 'mailbox.state'].map((key) => t(key));
  return request.page(
    200,
    t('sections.mailbox'),
    html`<section>
        <p>${t('mailbox.intro')}</p>
        ${messages.length === 0 ? html`<p>${t('mailbox.empty')}</p>` : renderPlainTable(t('sections.mailbox'), headings, rows)}
      </section>
      ${opened && body ? renderOpenedMail(t, opened, body, canResend) : ''}`,
    actor,
    'mailbox',
  );
}

/** "Send again" (`mail:resend`): a copy of the message, sent now, in the audit log with the copy's id. */
async function resendMail(request: ConsoleRequest): Promise<boolean> {
  const admitted = await admitWithInput(request, { resource: 'mail', action: 'resend' }, consoleMailResendInput);
  if (!admitted) return true;
  const { actor, input } = admitted;
  const copy = await request.deps.mailer.resend(input.id);
  if (!copy) return request.problemPage(404, 'notFound', actor);
  await request.audit(actor, 'mail.resend', `mail:${input.id}`, undefined, { copy: `mail:${copy.id}`, state: copy.state });
  return request.redirect(`/console/mailbox?id=${copy.id}&done=resent`);
}

/**
 * The mailbox (the platform's outbox): every mail the site sent, its state, and "Send again"; on a site without SMTP
 * every mail waits here, for a newcomer to open.
 */
export const handleMailbox: ConsoleRouteHandler = async (request) => {
  if (request.path === '/console/mailbox') return showMailbox(request);
  if (request.path === '/console/mailbox/resend' && request.form) return resendMail(request);
  return false;
};
