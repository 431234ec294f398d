import { consoleAuditQuery } from '@reelkeep/shared-contracts/console';
import { AUDIT_PAGE_SIZE, searchConsoleAudit } from '@reelkeep/platform/console-audit';
import { html } from './console-html.ts';
import { admitWithInput, type ConsoleRouteHandler } from './console-request.ts';
import { renderPlainTable } from './console-table.ts';

/** `/console/audit` (`audit:read`): every console action, newest first, searchable, a page at a time. */
export const handleAuditLog: ConsoleRouteHandler = async (request) => {
  if (request.path !== '/console/audit') return false;
  const { t } = request;
  const admitted = await admitWithInput(request, { resource: 'audit', action: 'read' }, consoleAuditQuery);
  if (!admitted) return true;
  const { actor, input } = admitted;
  const entries = await searchConsoleAudit(request.db, { text: input.q, beforeId: input.before });
  const next = entries.length === AUDIT_PAGE_SIZE ? entries.at(-1)?.id : undefined;
  const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));
  const rows = entries.map(
    (entry) =>
      html`<tr>
        <td>${entry.at.slice(0, 19)}</td>
        <td>${entry.actorEmail} (${t(`roles.${entry.actorRole}`)})</td>
        <td><code>${entry.action}</code></td>
        <td>${entry.target}</td>
        <td><code class="json">${show(entry.before)}</code></td>
        <td><code class="json">${show(entry.after)}</code></td>
      </tr>`,
  );
  const headings = ['audit.when', 'audit.who', 'audit.action', 'audit.target', 'audit.before', 'audit.after'].map((key) => t(key));
  const older = next ? new URLSearchParams({ ...(input.q ? { q: input.q } : {}), before: next }).toString() : null;
  return request.page(
    200,
    t('sections.audit'),
    html`<section>
        <form method="get" action="/console/audit" role="search" class="row">
          <div><label for="q">${t('audit.search')}</label><input id="q" name="q" type="search" value="${input.q ?? ''}" maxlength="200" /></div>
          <button type="submit">${t('audit.submit')}</button>
        </form>
      </section>
      <section>
        ${renderPlainTable(t('sections.audit'), headings, rows)}
        ${entries.length === 0 ? html`<p>${t('audit.empty')}</p>` : ''}${older ? html`<p><a href="/console/audit?${older}">${t('audit.older')}</a></p>` : ''}
      </section>`,
    actor,
    'audit',
  );
};
