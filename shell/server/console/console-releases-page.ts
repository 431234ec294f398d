import { canRole } from '@reelkeep/shared-contracts/console';
import type { Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import type { RegistryState } from '@reelkeep/shared-contracts/schemas';
import { listReleases } from '@reelkeep/platform/releases';
import { APPS } from '@reelkeep/platform/build-app';
import { html, type Markup } from './console-html.ts';
import { renderReleaseBuilds } from './console-releases-section.ts';
import type { ConsoleRouteHandler } from './console-request.ts';
import { renderPlainTable } from './console-table.ts';
import { translateSwitchAction } from './console-texts.ts';

/** An app's switch cell: rollback to its previous version, or promote one of its last builds (each opens the confirmation). */
function renderSwitchForms(t: TranslateFunction, app: string, previous: string | undefined, promotable: readonly string[]): Markup {
  return html`<div class="row">
    ${
      previous
        ? html`<form method="get" action="/console/releases/confirm">
            <input type="hidden" name="action" value="rollback" /><input type="hidden" name="app" value="${app}" /><button
              type="submit"
              class="secondary"
            >
              ${t('releases.rollback')}
            </button>
          </form>`
        : ''
    }${
      promotable.length > 0
        ? html`<form method="get" action="/console/releases/confirm" class="row">
            <input type="hidden" name="action" value="promote" /><input type="hidden" name="app" value="${app}" /><label for="v-${app}"
              >${t('releases.version')}</label
            ><select id="v-${app}" name="version">
              ${promotable.map((version) => html`<option value="${version}">${version}</option>`)}</select
            ><button type="submit" class="secondary">${t('releases.promote')}</button>
          </form>`
        : ''
    }
  </div>`;
}

/** The live, previous and switchable versions of every app; the switch forms only for a role that may switch. */
async function renderLiveVersions(t: TranslateFunction, state: RegistryState, releasesDir: string, canSwitch: boolean): Promise<Markup[]> {
  return Promise.all(
    APPS.map(async (app) => {
      const entry = state.apps[app];
      const builds = (await listReleases(releasesDir, app).catch(() => [])).slice(-5).reverse();
      const promotable = builds.filter((build) => build.version !== entry?.live).map((build) => build.version);
      const previous = entry?.previous.at(-1);
      return html`<tr>
        <th scope="row">${app}</th>
        <td><code>${entry?.live ?? t('releases.none')}</code></td>
        <td>${previous ? html`<code>${previous}</code>` : t('releases.none')}</td>
        <td>${canSwitch ? renderSwitchForms(t, app, previous, promotable) : t('releases.readOnly')}</td>
      </tr>`;
    }),
  );
}

/** `/console/releases` (`release:read`): live versions, builds with their health, and the last switches. */
export const handleReleasesPage: ConsoleRouteHandler = async (request) => {
  if (request.path !== '/console/releases') return false;
  const { t } = request;
  const actor = await request.admit({ resource: 'release', action: 'read' });
  if (!actor) return true;
  const state = await request.registry.read();
  // The browser is shown only what the role may do; the confirmation and its action are checked again.
  const canSwitch = canRole(actor.role, { resource: 'release', action: 'switch' });
  const live = await renderLiveVersions(t, state, request.releasesDir, canSwitch);
  const history = state.history
    .slice(-30)
    .reverse()
    .map(
      (event) =>
        html`<tr>
          <td><time datetime="${event.at}">${event.at.replace('T', ' ').slice(0, 19)}</time></td>
          <td>${event.app}</td>
          <td>${translateSwitchAction(t, event.action)}</td>
          <td><code>${event.from ?? '—'}</code> → <code>${event.to}</code></td>
          <td>${event.by}</td>
        </tr>`,
    );
  const liveHeadings = ['releases.app', 'releases.live', 'releases.previous', 'releases.switch'].map((key) => t(key));
  const historyHeadings = ['releases.when', 'releases.app', 'releases.action', 'releases.change', 'releases.by'].map((key) => t(key));
  return request.page(
    200,
    t('sections.releases'),
    html`<section>
        <h2>${t('releases.liveHeading')}</h2>
        ${renderPlainTable(t('releases.liveHeading'), liveHeadings, live)}
      </section>
      ${await renderReleaseBuilds(request, request.deps.readVersionHealth ?? (async () => null))}
      <section>
        <h2>${t('releases.historyHeading')}</h2>
        ${renderPlainTable(t('releases.historyHeading'), historyHeadings, history)}
      </section>`,
    actor,
    'releases',
  );
};
