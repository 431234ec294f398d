import { z } from 'zod';
import { readInput, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { listReleases } from '@reelkeep/platform/releases';
import { APPS } from '@reelkeep/platform/build-app';
import type { VersionHealth as ReleaseVersionHealth } from '@reelkeep/platform/release-health';
import { html, type Markup } from './console-html.ts';
import type { SectionHandler, SectionRequest } from './console-section-context.ts';
import { diffReleases, readReleaseFacts, type ChangedValue, type ReleaseDiff } from './release-diff.ts';
import { readTableState, renderTable, type TableColumn } from './console-table.ts';

const VERSION = z.string().regex(/^[0-9A-Za-z.+-]{1,80}$/);
/** `GET /console/releases/diff?app=&from=&to=`: two versions of one app. */
export const releaseDiffQuery = z.object({ app: z.enum(APPS), from: VERSION, to: VERSION });

/** Health figures of one version (requests served, server render errors, API 5xx and time-outs, browser chunk-load and boundary errors). */
export interface VersionHealth {
  requests: number;
  renderErrors: number;
  api5xx: number;
  chunkErrors: number;
  boundaryErrors: number;
}

/** The host's counts of a version (platform/src/release/release-health.ts) as the Releases section shows them. */
export function toConsoleHealth(health: Pick<ReleaseVersionHealth, 'requests' | 'errors'>): VersionHealth {
  return {
    requests: health.requests,
    renderErrors: health.errors['render-error'],
    api5xx: health.errors['api-error'] + health.errors['api-timeout'],
    chunkErrors: health.errors['chunk-load'],
    boundaryErrors: health.errors['error-boundary'] + health.errors['type-error'],
  };
}

/** Where the Releases section reads a version's health; none until the counting is wired (docs/console.md "Releases"). */
export type VersionHealthReader = (app: string, version: string) => Promise<VersionHealth | null>;

interface BuildRow {
  app: string;
  version: string;
  builtAt: string;
  live: boolean;
  health: VersionHealth | null;
}

const BUILDS_PER_PAGE = 20;

/** The Releases page's builds table (every version on disk, with its health) and the form that compares two versions. */
export async function renderReleaseBuilds(request: SectionRequest, readHealth: VersionHealthReader): Promise<Markup> {
  const { t, url } = request;
  const state = await request.registry.read();
  const builds = (
    await Promise.all(
      APPS.map(async (app) =>
        (await listReleases(request.releasesDir, app).catch(() => [])).map((manifest) => ({
          app,
          version: manifest.version,
          builtAt: manifest.builtAt,
        })),
      ),
    )
  ).flat();
  const rows: BuildRow[] = await Promise.all(
    builds.map(async (build) => ({
      ...build,
      live: state.apps[build.app]?.live === build.version,
      health: await readHealth(build.app, build.version).catch(() => null),
    })),
  );
  const healthCell = (health: VersionHealth | null) =>
    health
      ? html`<span>${t('health.summary', health as unknown as Record<string, unknown>)}</span>`
      : html`<span class="muted">${t('health.notCounted')}</span>`;
  const columns: TableColumn<BuildRow>[] = [
    { key: 'app', label: t('releases.app'), cell: (row) => row.app, sortValue: (row) => row.app, rowHeader: true },
    {
      key: 'version',
      label: t('releases.version'),
      cell: (row) => html`<code>${row.version}</code>${row.live ? html` <strong>(${t('releases.live')})</strong>` : ''}`,
      sortValue: (row) => row.version,
    },
    { key: 'built', label: t('releaseDiff.built'), cell: (row) => row.builtAt.replace('T', ' ').slice(0, 19), sortValue: (row) => row.builtAt },
    { key: 'health', label: t('health.heading'), cell: (row) => healthCell(row.health), sortValue: (row) => totalProblems(row.health) },
  ];
  const options = (app: string) => builds.filter((build) => build.app === app);
  return html`<section>
      <h2>${t('releaseDiff.buildsHeading')}</h2>
      <p>${t('health.intro')}</p>
      ${renderTable({
        t,
        url,
        prefix: 'b',
        caption: t('releaseDiff.buildsHeading'),
        columns,
        rows,
        state: readTableState(url, 'b', ['app', 'version', 'built', 'health'], { sort: 'built', dir: 'desc' }),
        pageSize: BUILDS_PER_PAGE,
        empty: t('releaseDiff.noBuilds'),
      })}
    </section>
    <section>
      <h2>${t('releaseDiff.heading')}</h2>
      ${APPS.filter((app) => options(app).length > 1).map(
        (app) =>
          html`<form method="get" action="/console/releases/diff" class="row">
            <input type="hidden" name="app" value="${app}" />
            <strong class="form-label">${app}</strong>
            <div>
              <label for="from-${app}">${t('releaseDiff.from')}</label
              ><select id="from-${app}" name="from">
                ${options(app).map(
                  (build, index, all) =>
                    html`<option value="${build.version}" ${index === all.length - 2 ? html`selected` : ''}>${build.version}</option>`,
                )}
              </select>
            </div>
            <div>
              <label for="to-${app}">${t('releaseDiff.to')}</label
              ><select id="to-${app}" name="to">
                ${options(app).map(
                  (build, index, all) =>
                    html`<option value="${build.version}" ${index === all.length - 1 ? html`selected` : ''}>${build.version}</option>`,
                )}
              </select>
            </div>
            <button type="submit" class="secondary">${t('releaseDiff.compare')}</button>
          </form>`,
      )}
      ${APPS.every((app) => options(app).length < 2) ? html`<p>${t('releaseDiff.nothingToCompare')}</p>` : ''}
    </section>`;
}

function totalProblems(health: VersionHealth | null): number {
  return health ? health.renderErrors + health.api5xx + health.chunkErrors + health.boundaryErrors : -1;
}

function renderList(t: TranslateFunction, heading: string, added: readonly string[], removed: readonly string[]): Markup {
  return html`<h2>${heading}</h2>
    ${
      added.length + removed.length === 0
        ? html`<p>${t('releaseDiff.same')}</p>`
        : html`<ul>
            ${added.map((item) => html`<li><span class="added">${t('releaseDiff.added')}</span> <code>${item}</code></li>`)}
            ${removed.map((item) => html`<li><span class="removed">${t('releaseDiff.removed')}</span> <code>${item}</code></li>`)}
          </ul>`
    }`;
}

function renderChanges(t: TranslateFunction, heading: string, caption: string, changes: readonly ChangedValue[]): Markup {
  return html`<h2>${heading}</h2>
    ${
      changes.length === 0
        ? html`<p>${t('releaseDiff.same')}</p>`
        : html`<div class="scroll" role="region" tabindex="0" aria-label="${caption}">
            <table>
              <caption>
                ${caption}
              </caption>
              <thead>
                <tr>
                  <th scope="col">${t('releaseDiff.name')}</th>
                  <th scope="col">${t('releaseDiff.from')}</th>
                  <th scope="col">${t('releaseDiff.to')}</th>
                </tr>
              </thead>
              <tbody>
                ${changes.map(
                  (change) =>
                    html`<tr>
                      <th scope="row"><code>${change.name}</code></th>
                      <td><code>${change.from ?? '—'}</code></td>
                      <td><code>${change.to ?? '—'}</code></td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </div>`
    }`;
}

/** The diff page's body. */
export function renderReleaseDiff(t: TranslateFunction, input: { app: string; from: string; to: string }, diff: ReleaseDiff): Markup {
  return html`<section>
    <p>${t('releaseDiff.intro', input)}</p>
    <h2>${t('releaseDiff.files')}</h2>
    <p>
      ${t('releaseDiff.fileCounts', { ...diff.files, added: diff.files.added.length, removed: diff.files.removed.length, changed: diff.files.changed.length })}
    </p>
    ${
      diff.files.added.length + diff.files.removed.length + diff.files.changed.length > 0
        ? html`<ul>
            ${diff.files.added.map((file) => html`<li><span class="added">${t('releaseDiff.added')}</span> <code>${file}</code></li>`)}
            ${diff.files.removed.map((file) => html`<li><span class="removed">${t('releaseDiff.removed')}</span> <code>${file}</code></li>`)}
            ${diff.files.changed.map((file) => html`<li><span>${t('releaseDiff.changed')}</span> <code>${file}</code></li>`)}
          </ul>`
        : ''
    }
    ${renderChanges(t, t('releaseDiff.contract'), t('releaseDiff.contract'), diff.contract)}
    ${renderList(t, t('releaseDiff.exposes'), diff.exposes.added, diff.exposes.removed)}
    ${renderChanges(t, t('releaseDiff.shared'), t('releaseDiff.shared'), diff.shared)}
    ${renderList(t, t('releaseDiff.routes'), diff.routes.added, diff.routes.removed)}
    ${renderList(t, t('releaseDiff.migrations'), diff.migrations.added, diff.migrations.removed)}
    <p><a href="/console/releases">${t('releaseDiff.back')}</a></p>
  </section>`;
}

/** `/console/releases/diff` (`release:read`). */
export const handleReleaseDiff: SectionHandler = async (request) => {
  if (request.path !== '/console/releases/diff' || request.form) return false;
  const actor = await request.admit({ resource: 'release', action: 'read' });
  if (!actor) return true;
  const input = await readInput(request.query, releaseDiffQuery);
  if (!input.ok) return request.problemPage(400, 'invalidInput', actor);
  const { app, from, to } = input.data;
  const [left, right] = await Promise.all([
    readReleaseFacts(request.releasesDir, app, from).catch(() => null),
    readReleaseFacts(request.releasesDir, app, to).catch(() => null),
  ]);
  if (!left || !right) return request.problemPage(404, 'noSuchVersion', actor);
  return request.page(
    200,
    request.t('releaseDiff.title', { app }),
    renderReleaseDiff(request.t, input.data, diffReleases(left, right)),
    actor,
    'releases',
  );
};
