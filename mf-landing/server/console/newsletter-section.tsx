import { z } from 'zod';
import type { Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { answerSectionNotFound, answerSectionRefusal, defineConsoleAction, defineConsolePage } from '@reelkeep/shared-contracts/console';
import type { ConsoleSection, ConsoleSectionContext } from '@reelkeep/shared-contracts/console';
import {
  NEWSLETTER_PAGE_SIZE,
  NEWSLETTER_STATES,
  subscriberActionSchema,
  subscriberListInput,
  subscriberPageSchema,
  subscriberRefInput,
  subscriberSchema,
  type SubscriberListInput,
  type SubscriberPage,
} from '@reelkeep/shared-contracts/newsletter-console';

/**
 * Newsletter, the landing squad's console section (docs/console.md "Newsletter"): the subscribers of the footer's
 * newsletter (sortable, paginated), the list as a CSV file, and unsubscribing one address after a confirmation.
 * The subscriptions are the site squad's: this section reads and changes them through its internal routes.
 */

const API = '/api/site/internal/newsletter';
const READ = { resource: 'newsletter', action: 'read' } as const;
const EXPORT = { resource: 'newsletter', action: 'export' } as const;
const MANAGE = { resource: 'newsletter', action: 'manage' } as const;

/** The list's query, and the notice of an action just done. */
const listQuery = subscriberListInput.extend({ done: z.literal('unsubscribed').optional() });
const confirmQuery = subscriberRefInput;
const unsubscribeInput = subscriberRefInput.extend({ confirm: z.literal('yes') });

/** The site squad's API answered something unusable: the host shows "section unavailable". */
class NewsletterUnavailableError extends Error {}

const day = (at: string | null) => (at ? <time dateTime={at}>{at.slice(0, 10)}</time> : <>—</>);

/** The list's address for a sort, a page and a state, keeping what is not changed. */
function listHref(basePath: string, current: SubscriberListInput, change: Partial<SubscriberListInput>): string {
  const next = { ...current, ...change };
  const params = new URLSearchParams({ sort: next.sort, dir: next.dir, page: String(next.page) });
  if (next.state) params.set('state', next.state);
  return `${basePath}?${params.toString()}`;
}

function SortHeader({
  t,
  basePath,
  query,
  column,
}: {
  t: TranslateFunction;
  basePath: string;
  query: SubscriberListInput;
  column: SubscriberListInput['sort'];
}) {
  const active = query.sort === column;
  const nextDir = active && query.dir === 'asc' ? 'desc' : 'asc';
  return (
    <th scope="col" aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <a href={listHref(basePath, query, { sort: column, dir: nextDir, page: 1 })}>
        {t(`columns.${column}`)}
        {active ? (query.dir === 'asc' ? ' ▲' : ' ▼') : ''}
        <span className="skip">{t(nextDir === 'asc' ? 'sortAscending' : 'sortDescending')}</span>
      </a>
    </th>
  );
}

function SubscriberTable({ context, query, list }: { context: ConsoleSectionContext; query: SubscriberListInput; list: SubscriberPage }) {
  const { t, basePath, can } = context;
  const mayManage = can(MANAGE);
  return (
    <div className="scroll" role="region" tabIndex={0} aria-label={t('tableLabel')}>
      <table>
        <caption className="skip">{t('tableLabel')}</caption>
        <thead>
          <tr>
            <SortHeader t={t} basePath={basePath} query={query} column="email" />
            <SortHeader t={t} basePath={basePath} query={query} column="state" />
            <SortHeader t={t} basePath={basePath} query={query} column="locale" />
            <SortHeader t={t} basePath={basePath} query={query} column="subscribed" />
            <th scope="col">{t('columns.changed')}</th>
            {mayManage ? <th scope="col">{t('columns.action')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {list.subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <th scope="row">{subscriber.email}</th>
              <td>{t(`states.${subscriber.state}`)}</td>
              <td>{subscriber.locale}</td>
              <td>{day(subscriber.subscribedAt)}</td>
              <td>{day(subscriber.unsubscribedAt ?? subscriber.confirmedAt)}</td>
              {mayManage ? (
                <td>
                  {subscriber.state === 'unsubscribed' ? (
                    '—'
                  ) : (
                    <a href={`${basePath}/unsubscribe?id=${subscriber.id}`} aria-label={t('unsubscribeOne', { email: subscriber.email })}>
                      {t('unsubscribe')}
                    </a>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pagination({ t, basePath, query, total }: { t: TranslateFunction; basePath: string; query: SubscriberListInput; total: number }) {
  const pages = Math.max(1, Math.ceil(total / NEWSLETTER_PAGE_SIZE));
  if (pages === 1) return null;
  return (
    <nav aria-label={t('pagination')}>
      <ul className="row">
        {query.page > 1 ? (
          <li>
            <a href={listHref(basePath, query, { page: query.page - 1 })} rel="prev">
              {t('previous')}
            </a>
          </li>
        ) : null}
        <li aria-current="page">{t('pageOf', { page: query.page, pages })}</li>
        {query.page < pages ? (
          <li>
            <a href={listHref(basePath, query, { page: query.page + 1 })} rel="next">
              {t('next')}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

async function readJson<Schema extends z.ZodType>(response: Response, schema: Schema): Promise<z.output<Schema> | null> {
  const parsed = schema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/** The section. */
export const newsletterSection: ConsoleSection = {
  id: 'newsletter',
  labelKey: 'nav',
  namespaces: ['newsletter_console'],
  pages: [
    defineConsolePage({
      path: '',
      permission: READ,
      query: listQuery,
      async render(context, query) {
        const { t, basePath, can } = context;
        const params = new URLSearchParams({ sort: query.sort, dir: query.dir, page: String(query.page) });
        if (query.state) params.set('state', query.state);
        const response = await context.fetchApi(`${API}/subscribers?${params.toString()}`);
        const list = response.ok ? await readJson(response, subscriberPageSchema) : null;
        if (!list) throw new NewsletterUnavailableError(`subscribers answered ${response.status}`);
        return {
          kind: 'page',
          title: t('nav'),
          body: (
            <>
              {query.done ? (
                <p className="notice" role="status">
                  {t('done.unsubscribed')}
                </p>
              ) : null}
              <section aria-labelledby="newsletter-counts">
                <h2 id="newsletter-counts">{t('countsHeading')}</h2>
                <p className="row">
                  {NEWSLETTER_STATES.map((state) => (
                    <a
                      key={state}
                      href={listHref(basePath, query, { state: query.state === state ? undefined : state, page: 1 })}
                      aria-current={query.state === state ? 'true' : undefined}
                    >
                      {t(`counts.${state}`, { count: list.counts[state] })}
                    </a>
                  ))}
                </p>
                {can(EXPORT) ? (
                  <p>
                    <a href={`${basePath}/export`} download>
                      {t('export')}
                    </a>
                  </p>
                ) : null}
              </section>
              <section aria-labelledby="newsletter-list">
                <h2 id="newsletter-list">
                  {query.state ? t('listOf', { state: t(`states.${query.state}`), count: list.total }) : t('listAll', { count: list.total })}
                </h2>
                {list.subscribers.length > 0 ? <SubscriberTable context={context} query={query} list={list} /> : <p>{t('empty')}</p>}
                <Pagination t={t} basePath={basePath} query={query} total={list.total} />
              </section>
            </>
          ),
        };
      },
    }),
    defineConsolePage({
      path: 'export',
      permission: EXPORT,
      query: z.object({}),
      async render(context) {
        const response = await context.fetchApi(`${API}/export`);
        if (!response.ok) throw new NewsletterUnavailableError(`export answered ${response.status}`);
        const body = await response.text();
        const rows = Number(response.headers.get('x-row-count') ?? '0');
        // Personal data leaving the site: who took which list, and when, is in the audit log.
        await context.audit({ action: 'newsletter.export', target: 'newsletter', after: { rows } });
        return { kind: 'download', filename: `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`, contentType: 'text/csv', body };
      },
    }),
    defineConsolePage({
      path: 'unsubscribe',
      permission: MANAGE,
      query: confirmQuery,
      async render(context, query) {
        const { t, basePath } = context;
        const response = await context.fetchApi(`${API}/subscriber?id=${query.id}`);
        if (response.status === 404) return answerSectionNotFound(context, 'confirm.back');
        const subscriber = response.ok ? await readJson(response, subscriberSchema) : null;
        if (!subscriber) throw new NewsletterUnavailableError(`subscriber answered ${response.status}`);
        return {
          kind: 'page',
          title: t('confirm.title'),
          body: (
            <section>
              <p>{t('confirm.question', { email: subscriber.email, state: t(`states.${subscriber.state}`) })}</p>
              <form method="post" action={`${basePath}/unsubscribe`}>
                <input type="hidden" name="id" value={query.id} />
                <input type="hidden" name="confirm" value="yes" />
                <div className="row">
                  <button type="submit">{t('unsubscribe')}</button> <a href={basePath}>{t('confirm.cancel')}</a>
                </div>
              </form>
            </section>
          ),
        };
      },
    }),
  ],
  actions: [
    defineConsoleAction({
      path: 'unsubscribe',
      permission: MANAGE,
      input: unsubscribeInput,
      async handle(context, input) {
        const { t, basePath } = context;
        const response = await context.fetchApi(`${API}/unsubscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: input.id }),
        });
        const outcome = await readJson(response, subscriberActionSchema);
        if (!outcome) throw new NewsletterUnavailableError(`unsubscribe answered ${response.status}`);
        if (!outcome.ok) return answerSectionRefusal(t, outcome.problem, basePath);
        await context.audit({ action: 'newsletter.unsubscribe', target: outcome.email, before: outcome.before, after: outcome.after });
        return { kind: 'redirect', to: '?done=unsubscribed' };
      },
    }),
  ],
};
