import { readInput, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import {
  CONSOLE_ROLES,
  consoleApiKeyCreateInput,
  consoleApiKeyRevokeInput,
  type ConsoleActor,
  type ConsolePermission,
} from '@reelkeep/shared-contracts/console';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyRecord } from '@reelkeep/platform/api-keys';
import type { Database } from '@reelkeep/platform/db';
import { canRole } from '@reelkeep/shared-contracts/console';
import { html, type Markup } from './console-html.ts';
import type { ConsoleSectionId } from './console-pages.ts';

/** What the API keys section needs of the console handler: its check, its answers and its audit write. */
export interface ApiKeysSectionKit {
  db: Pick<Database, 'query'>;
  t: TranslateFunction;
  path: string;
  form: Request | null;
  admit: (permission: ConsolePermission) => Promise<ConsoleActor | null>;
  page: (status: number, title: string, content: Markup, actor?: ConsoleActor, current?: ConsoleSectionId) => boolean;
  problemPage: (status: number, key: string, actor?: ConsoleActor) => boolean;
  redirect: (location: string) => boolean;
  audit: (actor: ConsoleActor, action: string, target: string, before?: unknown, after?: unknown) => Promise<void>;
  formatTime: (iso: string | null) => Markup | string;
}

/**
 * docs/console.md "API keys": owners list, make and revoke the keys automation uses. A new key is shown once, on
 * the answer to the form that made it (never in an address, never again); the list shows its prefix only.
 * Returns null when the path is not this section's.
 */
export async function handleApiKeysSection(kit: ApiKeysSectionKit): Promise<boolean | null> {
  const { t, form } = kit;
  if (kit.path === '/console/api-keys') {
    if (!form) {
      const actor = await kit.admit({ resource: 'api-key', action: 'read' });
      if (!actor) return true;
      return kit.page(200, t('sections.api-keys'), renderApiKeys(kit, actor, await listApiKeys(kit.db)), actor, 'api-keys');
    }
    const actor = await kit.admit({ resource: 'api-key', action: 'create' });
    if (!actor) return true;
    const input = await readInput(form, consoleApiKeyCreateInput);
    if (!input.ok) return kit.problemPage(400, 'invalidInput', actor);
    const made = await createApiKey(kit.db, { name: input.data.name, role: input.data.role, createdBy: actor.email });
    await kit.audit(actor, 'api-key.create', `api-key:${made.record.id}`, null, {
      name: made.record.name,
      role: made.record.role,
      prefix: made.record.prefix,
    });
    return kit.page(
      201,
      t('sections.api-keys'),
      html`<section class="card" aria-labelledby="new-key">
          <h2 id="new-key">${t('apiKeys.madeHeading', { name: made.record.name })}</h2>
          <p>${t('apiKeys.madeIntro')}</p>
          <p><code class="secret">${made.key}</code></p>
          <p class="muted">${t('apiKeys.madeUse')}</p>
        </section>
        ${renderApiKeys(kit, actor, await listApiKeys(kit.db))}`,
      actor,
      'api-keys',
    );
  }
  if (kit.path === '/console/api-keys/revoke' && form) {
    const actor = await kit.admit({ resource: 'api-key', action: 'revoke' });
    if (!actor) return true;
    const input = await readInput(form, consoleApiKeyRevokeInput);
    if (!input.ok) return kit.problemPage(400, 'invalidInput', actor);
    const before = (await listApiKeys(kit.db)).find((key) => key.id === input.data.id);
    if (!before) return kit.problemPage(404, 'notFound', actor);
    const after = await revokeApiKey(kit.db, input.data.id, actor.email);
    await kit.audit(
      actor,
      'api-key.revoke',
      `api-key:${input.data.id}`,
      { name: before.name, revokedAt: before.revokedAt },
      { name: after?.name, revokedAt: after?.revokedAt },
    );
    return kit.redirect('/console/api-keys?done=revoked');
  }
  return null;
}

function renderApiKeys(kit: ApiKeysSectionKit, actor: ConsoleActor, keys: readonly ApiKeyRecord[]): Markup {
  const { t } = kit;
  const mayRevoke = canRole(actor.role, { resource: 'api-key', action: 'revoke' });
  const mayCreate = canRole(actor.role, { resource: 'api-key', action: 'create' });
  return html`<section class="card">
      <h2>${t('apiKeys.listHeading')}</h2>
      <p class="muted">${t('apiKeys.intro')}</p>
      ${
        keys.length === 0
          ? html`<p>${t('apiKeys.empty')}</p>`
          : html`<div class="scroll" role="region" tabindex="0" aria-label="${t('apiKeys.listHeading')}">
              <table>
                <thead>
                  <tr>
                    <th scope="col">${t('apiKeys.name')}</th>
                    <th scope="col">${t('apiKeys.role')}</th>
                    <th scope="col">${t('apiKeys.prefix')}</th>
                    <th scope="col">${t('apiKeys.createdBy')}</th>
                    <th scope="col">${t('apiKeys.lastUsed')}</th>
                    <th scope="col">${t('apiKeys.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  ${keys.map(
                    (key) =>
                      html`<tr>
                        <th scope="row">${key.name}</th>
                        <td>${t(`roles.${key.role}`)}</td>
                        <td><code>${key.prefix}…</code></td>
                        <td>${key.createdBy}<br /><span class="muted">${kit.formatTime(key.createdAt)}</span></td>
                        <td>${key.lastUsedAt ? kit.formatTime(key.lastUsedAt) : t('apiKeys.never')}</td>
                        <td>
                          ${
                            key.revokedAt
                              ? html`<span class="badge off">${t('apiKeys.revoked')}</span><br /><span class="muted"
                                    >${key.revokedBy} · ${kit.formatTime(key.revokedAt)}</span
                                  >`
                              : mayRevoke
                                ? html`<span class="badge on">${t('apiKeys.active')}</span>
                                    <form method="post" action="/console/api-keys/revoke" class="inline">
                                      <input type="hidden" name="id" value="${key.id}" /><button
                                        type="submit"
                                        class="danger"
                                        aria-label="${t('apiKeys.revokeNamed', { name: key.name })}"
                                      >
                                        ${t('apiKeys.revoke')}
                                      </button>
                                    </form>`
                                : html`<span class="badge on">${t('apiKeys.active')}</span>`
                          }
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>`
      }
    </section>
    ${
      mayCreate
        ? html`<section class="card">
            <h2>${t('apiKeys.createHeading')}</h2>
            <form method="post" action="/console/api-keys" class="row">
              <div>
                <label for="key-name">${t('apiKeys.name')}</label><input id="key-name" name="name" required maxlength="80" autocomplete="off" />
              </div>
              <div>
                <label for="key-role">${t('apiKeys.role')}</label
                ><select id="key-role" name="role">
                  ${CONSOLE_ROLES.map((role) => html`<option value="${role}">${t(`roles.${role}`)}</option>`)}
                </select>
              </div>
              <button type="submit">${t('apiKeys.create')}</button>
            </form>
          </section>`
        : ''
    }`;
}
