import { z } from 'zod';
import { LOCALES, readInput, type Locale, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { canRole, pushComposeInput, pushSendsAnswerSchema, type PushComposeInput, type PushSendSummary } from '@reelkeep/shared-contracts/console';
import { html, type Markup } from './console-html.ts';
import { LOCALE_NAME_KEYS, OS_NAME_KEYS } from './console-push-texts.ts';
import type { SectionHandler } from './console-section-context.ts';
import { readTableState, renderTable, type TableColumn } from './console-table.ts';

/** The shell API's internal push routes (shell/api/push-console-routes.ts). */
const COMPOSE_PATH = '/api/site/internal/push/compose';
const SENDS_PATH = '/api/site/internal/push/sends';
const SENDS_PER_PAGE = 20;

/**
 * A click target on this site: a path (`/store?plan=1`) or an address of the site's own origin; anything else
 * (another host, a scheme other than the site's, `//host`, a backslash) is refused. A leading locale folder is dropped:
 * each subscriber gets the path in their own locale (docs/push.md "Composed messages").
 */
export function toSameSitePath(target: string, siteOrigin: string): string | null {
  const value = target.trim();
  if (value === '' || value.includes('\\') || /[\u0000-\u001f\u007f\s]/.test(value)) return null;
  if (!value.startsWith('/') && !/^https?:\/\//i.test(value)) return null;
  if (value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, siteOrigin);
  } catch {
    return null;
  }
  if (url.origin !== siteOrigin || url.username || url.password) return null;
  const segments = url.pathname.split('/');
  const withoutLocale = (LOCALES as readonly string[]).includes(segments[1] ?? '') ? `/${segments.slice(2).join('/')}` : url.pathname;
  return `${withoutLocale}${url.search}`;
}

/** The console's compose form (flat fields, one title and body per locale) as the shell API's composed message. */
export function consolePushForm(siteOrigin: string) {
  const text = z.string().max(2000).optional();
  const shape: Record<string, z.ZodType> = {
    target: z.string().max(2048),
    locale: z.string().max(8).optional(),
    os: z.string().max(8).optional(),
    campaign: z.string().max(256).optional(),
    confirm: z.literal('yes'),
  };
  for (const locale of LOCALES) {
    shape[`title_${locale}`] = text;
    shape[`body_${locale}`] = text;
  }
  return z
    .object(shape)
    .transform((form, context) => {
      const path = toSameSitePath(String(form.target ?? ''), siteOrigin);
      if (!path) {
        context.addIssue({ code: 'custom', path: ['target'], message: 'not on this site' });
        return z.NEVER;
      }
      const texts: Record<string, { title: string; body: string }> = {};
      for (const locale of LOCALES) {
        const title = String(form[`title_${locale}`] ?? '').trim();
        const body = String(form[`body_${locale}`] ?? '').trim();
        if (title || body) texts[locale] = { title, body };
      }
      const audience = { locale: form.locale || undefined, os: form.os || undefined, campaign: form.campaign || undefined };
      return { texts, path, ...audience } as z.input<typeof pushComposeInput>;
    })
    .pipe(pushComposeInput);
}

function renderComposeForm(t: TranslateFunction): Markup {
  const localeName = (locale: Locale) => t(LOCALE_NAME_KEYS[locale]);
  const osName = (os: keyof typeof OS_NAME_KEYS) => t(OS_NAME_KEYS[os]);
  return html`<section aria-labelledby="compose-h">
    <h2 id="compose-h">${t('push.composeHeading')}</h2>
    <p>${t('push.composeIntro')}</p>
    <form method="post" action="/console/push/send">
      ${LOCALES.map(
        (locale: Locale) =>
          html`<fieldset>
            <legend>${localeName(locale)}${locale === 'en' ? html` (${t('push.required')})` : ''}</legend>
            <label for="title_${locale}">${t('push.title')}</label
            ><input id="title_${locale}" name="title_${locale}" maxlength="120" lang="${locale}" ${locale === 'en' ? html`required` : ''} />
            <label for="body_${locale}">${t('push.body')}</label
            ><input id="body_${locale}" name="body_${locale}" maxlength="400" lang="${locale}" ${locale === 'en' ? html`required` : ''} />
          </fieldset>`,
      )}
      <fieldset>
        <legend>${t('push.targetAndAudience')}</legend>
        <label for="target">${t('push.target')}</label><input id="target" name="target" required maxlength="2048" aria-describedby="target-hint" />
        <p id="target-hint" class="hint">${t('push.targetHint')}</p>
        <div class="row">
          <div>
            <label for="locale">${t('push.audienceLocale')}</label
            ><select id="locale" name="locale">
              <option value="">${t('push.everybody')}</option>
              ${LOCALES.map((locale) => html`<option value="${locale}">${localeName(locale)}</option>`)}
            </select>
          </div>
          <div>
            <label for="os">${t('push.audienceOs')}</label
            ><select id="os" name="os">
              <option value="">${t('push.everybody')}</option>
              ${(['win', 'mac', 'other'] as const).map((os) => html`<option value="${os}">${osName(os)}</option>`)}
            </select>
          </div>
          <div><label for="campaign">${t('push.audienceCampaign')}</label><input id="campaign" name="campaign" maxlength="64" /></div>
        </div>
      </fieldset>
      <p>
        <input type="checkbox" id="confirm" name="confirm" value="yes" required />
        <label for="confirm" class="inline">${t('push.confirm')}</label>
      </p>
      <p><button type="submit">${t('push.send')}</button></p>
    </form>
  </section>`;
}

function describeAudience(t: TranslateFunction, audience: Record<string, string>): string {
  const parts = Object.entries(audience).map(([name, value]) => `${t(`push.audience.${name}`)}: ${value}`);
  return parts.length > 0 ? parts.join(', ') : t('push.everybody');
}

/** `/console/push` (`push:read`) and `/console/push/send` (`push:send`). */
export const handlePush: SectionHandler = async (request) => {
  const { t, path, url } = request;
  if (path === '/console/push' && !request.form) {
    const actor = await request.admit({ resource: 'push', action: 'read' });
    if (!actor) return true;
    const answer = await request.fetchApi(`${SENDS_PATH}?limit=200`).catch(() => null);
    const parsed = answer?.ok ? pushSendsAnswerSchema.safeParse(await answer.json().catch(() => null)) : null;
    if (!parsed?.success) return request.problemPage(503, 'siteApiUnavailable', actor);
    const columns: TableColumn<PushSendSummary>[] = [
      { key: 'id', label: t('push.id'), cell: (row) => row.id, sortValue: (row) => row.id, rowHeader: true },
      { key: 'sent', label: t('push.when'), cell: (row) => row.createdAt.replace('T', ' ').slice(0, 16), sortValue: (row) => row.createdAt },
      {
        key: 'message',
        label: t('push.message'),
        cell: (row) => html`${row.title ?? row.message} <code>${row.path}</code>`,
        sortValue: (row) => row.title ?? row.message,
      },
      { key: 'audience', label: t('push.audienceHeading'), cell: (row) => describeAudience(t, row.audience) },
      { key: 'recipients', label: t('push.recipients'), cell: (row) => row.recipients, sortValue: (row) => row.recipients },
      { key: 'delivered', label: t('push.delivered'), cell: (row) => row.delivered, sortValue: (row) => row.delivered },
      { key: 'clicked', label: t('push.clicked'), cell: (row) => row.clicked, sortValue: (row) => row.clicked },
      { key: 'pruned', label: t('push.pruned'), cell: (row) => row.pruned, sortValue: (row) => row.pruned },
      { key: 'failed', label: t('push.failed'), cell: (row) => row.failed, sortValue: (row) => row.failed },
      { key: 'pending', label: t('push.pending'), cell: (row) => row.pending, sortValue: (row) => row.pending },
    ];
    return request.page(
      200,
      t('sections.push'),
      html`${canRole(actor.role, { resource: 'push', action: 'send' }) ? renderComposeForm(t) : ''}
        <section>
          <h2 id="sends-h">${t('push.sendsHeading')}</h2>
          ${renderTable({
            t,
            url,
            prefix: 's',
            caption: t('push.sendsHeading'),
            columns,
            rows: parsed.data.sends,
            state: readTableState(
              url,
              's',
              columns.filter((column) => column.sortValue).map((column) => column.key),
              { sort: 'id', dir: 'desc' },
            ),
            pageSize: SENDS_PER_PAGE,
            empty: t('push.noSends'),
          })}
        </section>`,
      actor,
      'push',
    );
  }
  if (path === '/console/push/send' && request.form) {
    const actor = await request.admit({ resource: 'push', action: 'send' });
    if (!actor) return true;
    const input = await readInput(request.form, consolePushForm(request.siteOrigin));
    if (!input.ok) return request.problemPage(400, 'invalidPush', actor);
    const message: PushComposeInput = input.data;
    const answer = await request
      .fetchApi(COMPOSE_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) })
      .catch(() => null);
    const queued =
      answer?.status === 202 ? z.object({ id: z.number(), recipients: z.number() }).safeParse(await answer.json().catch(() => null)) : null;
    if (!queued?.success) return request.problemPage(503, 'siteApiUnavailable', actor);
    await request.audit(actor, 'push.send', `push:${queued.data.id}`, undefined, { ...message, recipients: queued.data.recipients });
    return request.redirect('/console/push?done=push');
  }
  return false;
};
