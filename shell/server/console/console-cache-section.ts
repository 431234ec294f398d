import { z } from 'zod';
import { readInput, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { canRole } from '@reelkeep/shared-contracts/console';
import type { PageCache } from '../page-cache/page-cache.ts';
import type { EntrySummary } from '../page-cache/page-cache-store.ts';
import { toPathTag } from '../page-cache/page-cache-tags.ts';
import { html, type Markup } from './console-html.ts';
import type { SectionHandler } from './console-section-context.ts';
import { readTableState, renderTable, type TableColumn } from './console-table.ts';

/** Entries of this instance the section lists (the most recently used first, as the LRU holds them). */
const LISTED_ENTRIES = 500;
const ENTRIES_PER_PAGE = 25;

/** A tag as the cache writes them: a release (`mf-blog@0.1.0-…`), data (`campaigns`), `locales`, a key or path tag. */
const TAG = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z.@+_:-]{1,200}$/);

/** `POST /console/cache/purge`: by URL (every query and variant of that page path) or by tag, confirmed. */
export const cachePurgeInput = z.discriminatedUnion('by', [
  z.object({ by: z.literal('url'), url: z.string().trim().min(1).max(2048), confirm: z.literal('yes') }),
  z.object({ by: z.literal('tag'), tag: TAG, confirm: z.literal('yes') }),
]);

/** The page path of a URL of this site (an address of its origin, or a path); null for anything else. */
export function toSitePagePath(value: string, siteOrigin: string): string | null {
  if (value.includes('\\') || value.startsWith('//') || (!value.startsWith('/') && !/^https?:\/\//i.test(value))) return null;
  try {
    const url = new URL(value, siteOrigin);
    return url.origin === siteOrigin ? url.pathname : null;
  } catch {
    return null;
  }
}

function renderStats(t: TranslateFunction, stats: Awaited<ReturnType<PageCache['readStats']>>, cache: PageCache): Markup {
  const served = stats.hits + stats.stale + stats.misses;
  const rate = served > 0 ? `${(((stats.hits + stats.stale) / served) * 100).toFixed(1)} %` : '—';
  const figures: [string, string | number][] = [
    [t('cache.hitRate'), rate],
    [t('cache.hits'), stats.hits],
    [t('cache.stale'), stats.stale],
    [t('cache.misses'), stats.misses],
    [t('cache.bypass'), stats.bypass],
    [t('cache.entries'), stats.entries],
    [t('cache.bytes'), `${(stats.bytes / 1024).toFixed(0)} KiB`],
    [t('cache.ttl'), t('cache.seconds', { ttl: cache.ttlS, stale: cache.staleS })],
    [t('cache.edges'), stats.edges],
  ];
  return html`<section aria-labelledby="stats-h">
    <h2 id="stats-h">${t('cache.statsHeading')}</h2>
    <p>${t(stats.store === 'off' ? 'cache.off' : 'cache.statsIntro')}</p>
    <dl class="figures">
      ${figures.map(
        ([name, value]) =>
          html`<div>
            <dt>${name}</dt>
            <dd>${value}</dd>
          </div>`,
      )}
    </dl>
    <p>${t(stats.edges > 0 ? 'cache.edgeIntro' : 'cache.noEdge', { edges: stats.edges })}</p>
  </section>`;
}

function renderPurgeForms(t: TranslateFunction): Markup {
  return html`<section aria-labelledby="purge-h">
    <h2 id="purge-h">${t('cache.purgeHeading')}</h2>
    <form method="post" action="/console/cache/purge">
      <input type="hidden" name="by" value="url" />
      <label for="url">${t('cache.url')}</label><input id="url" name="url" required maxlength="2048" aria-describedby="url-hint" />
      <p id="url-hint" class="hint">${t('cache.urlHint')}</p>
      <p>
        <input type="checkbox" id="confirm-url" name="confirm" value="yes" required />
        <label for="confirm-url" class="inline">${t('cache.confirm')}</label>
      </p>
      <p><button type="submit">${t('cache.purgeUrl')}</button></p>
    </form>
    <form method="post" action="/console/cache/purge">
      <input type="hidden" name="by" value="tag" />
      <label for="tag">${t('cache.tag')}</label><input id="tag" name="tag" required maxlength="200" aria-describedby="tag-hint" />
      <p id="tag-hint" class="hint">${t('cache.tagHint')}</p>
      <p>
        <input type="checkbox" id="confirm-tag" name="confirm" value="yes" required />
        <label for="confirm-tag" class="inline">${t('cache.confirm')}</label>
      </p>
      <p><button type="submit">${t('cache.purgeTag')}</button></p>
    </form>
  </section>`;
}

/** `/console/cache` (`cache:read`) and `/console/cache/purge` (`cache:purge`). */
export const handleCache: SectionHandler = async (request) => {
  const { t, path, url } = request;
  const cache = request.pageCache;
  if (path === '/console/cache' && !request.form) {
    const actor = await request.admit({ resource: 'cache', action: 'read' });
    if (!actor) return true;
    if (!cache) return request.problemPage(503, 'unavailable', actor);
    const [stats, entries] = await Promise.all([cache.readStats(), cache.list(LISTED_ENTRIES)]);
    const now = Date.now();
    const columns: TableColumn<EntrySummary>[] = [
      { key: 'key', label: t('cache.key'), cell: (row) => html`<code>${row.key}</code>`, sortValue: (row) => row.key, rowHeader: true },
      { key: 'kind', label: t('cache.kind'), cell: (row) => t(`cache.kinds.${row.kind}`), sortValue: (row) => row.kind },
      {
        key: 'age',
        label: t('cache.age'),
        cell: (row) => t('cache.ageSeconds', { seconds: Math.round((now - row.storedAt) / 1000) }),
        sortValue: (row) => -row.storedAt,
      },
      { key: 'size', label: t('cache.size'), cell: (row) => `${(row.bytes / 1024).toFixed(1)} KiB`, sortValue: (row) => row.bytes },
    ];
    return request.page(
      200,
      t('sections.cache'),
      html`${renderStats(t, stats, cache)}${canRole(actor.role, { resource: 'cache', action: 'purge' }) ? renderPurgeForms(t) : ''}
        <section>
          <h2 id="entries-h">${t('cache.entriesHeading')}</h2>
          ${renderTable({
            t,
            url,
            prefix: 'e',
            caption: t('cache.entriesHeading'),
            columns,
            rows: entries,
            state: readTableState(url, 'e', ['key', 'kind', 'age', 'size'], { sort: 'age', dir: 'asc' }),
            pageSize: ENTRIES_PER_PAGE,
            empty: t('cache.noEntries'),
          })}
        </section>`,
      actor,
      'cache',
    );
  }
  if (path === '/console/cache/purge' && request.form) {
    const actor = await request.admit({ resource: 'cache', action: 'purge' });
    if (!actor) return true;
    if (!cache) return request.problemPage(503, 'unavailable', actor);
    const input = await readInput(request.form, cachePurgeInput);
    if (!input.ok) return request.problemPage(400, 'invalidInput', actor);
    const pagePath = input.data.by === 'url' ? toSitePagePath(input.data.url, request.siteOrigin) : null;
    if (input.data.by === 'url' && !pagePath) return request.problemPage(400, 'notThisSite', actor);
    const tag = input.data.by === 'url' ? toPathTag(pagePath!) : input.data.tag;
    const before = await cache.readStats();
    const deleted = await cache.purgeTags([tag]);
    await request.audit(
      actor,
      `cache.purge-${input.data.by}`,
      input.data.by === 'url' ? pagePath! : tag,
      { entries: before.entries },
      { entries: before.entries - deleted, deleted, tag, edges: before.edges },
    );
    return request.redirect('/console/cache?done=purged');
  }
  return false;
};
