import { z } from 'zod';
import { formatCents, orderIdInput, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import {
  answerSectionNotFound,
  defineConsoleAction,
  defineConsolePage,
  type ConsoleSection,
  type ConsoleSectionContext,
} from '@reelkeep/shared-contracts/console';
import {
  orderActionSchema,
  orderDetailSchema,
  orderSearchSchema,
  ORDER_ACTIONS,
  type OrderAction,
  type OrderDetail,
  type OrderSummary,
} from './orders-contract.ts';

/**
 * Orders and licences, the checkout's console section (docs/console.md "Orders and licences"): find an order by
 * e-mail, order id or licence key, read its timeline, and refund it, resend its receipt, reset its devices or
 * revoke its key, each after a confirmation. Data and actions come from the checkout's internal console routes,
 * i.e. from the same release's own logic.
 */

const API = '/api/checkout/internal/console';

/** The permission each action needs (docs/console.md "Roles"). */
const ACTION_PERMISSIONS = {
  refund: { resource: 'order', action: 'refund' },
  resend: { resource: 'order', action: 'resend' },
  'reset-devices': { resource: 'order', action: 'reset-devices' },
  'revoke-key': { resource: 'order', action: 'revoke-key' },
} as const satisfies Record<OrderAction, { resource: 'order'; action: string }>;

/** The notice an action's redirect asks the order page for. */
const DONE = { refund: 'refunded', resend: 'resent', 'reset-devices': 'devices_reset', 'revoke-key': 'key_revoked' } as const;

const searchQuery = z.object({ q: z.string().trim().max(320).optional() });
const orderQuery = z.object({ id: orderIdInput, done: z.enum(Object.values(DONE) as [string, ...string[]]).optional() });
const confirmQuery = z.object({ id: orderIdInput });
const actionInput = z.object({ order: orderIdInput, confirm: z.literal('yes') });

/** A moment as the console shows it: UTC, to the minute, with the exact time for machines. */
function When({ at }: { at: string | null }) {
  if (!at) return <>—</>;
  return <time dateTime={at}>{`${at.slice(0, 10)} ${at.slice(11, 16)} UTC`}</time>;
}

async function readJson<Schema extends z.ZodType>(response: Response, schema: Schema): Promise<z.output<Schema> | null> {
  const parsed = schema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/** The checkout's API answered something unusable: the host shows "section unavailable". */
class CheckoutUnavailableError extends Error {}

async function loadOrder(context: ConsoleSectionContext, id: string): Promise<OrderDetail | null> {
  const response = await context.fetchApi(`${API}/order?${new URLSearchParams({ order: id }).toString()}`);
  if (response.status === 404) return null;
  const detail = response.ok ? await readJson(response, orderDetailSchema) : null;
  if (!detail) throw new CheckoutUnavailableError(`order answered ${response.status}`);
  return detail;
}

const statusLabel = (t: TranslateFunction, status: OrderSummary['status']) => t(`status.${status}`);
const planLabel = (t: TranslateFunction, order: Pick<OrderSummary, 'planType' | 'os'>) =>
  `${t(`checkout:plan_names.${order.planType}`)} · ${t(order.os === 'mac' ? 'checkout:os_mac' : 'checkout:os_win')}`;

const notFound = (context: ConsoleSectionContext) => answerSectionNotFound(context, 'search.back');

function SearchForm({ t, q }: { t: TranslateFunction; q: string }) {
  return (
    <form method="get" role="search" className="row">
      <div>
        <label htmlFor="q">{t('search.label')}</label>
        <input id="q" name="q" type="search" defaultValue={q} minLength={3} maxLength={320} required size={40} />
      </div>
      <button type="submit">{t('search.submit')}</button>
    </form>
  );
}

function ResultsTable({ t, locale, basePath, orders }: { t: TranslateFunction; locale: string; basePath: string; orders: OrderSummary[] }) {
  return (
    <div className="scroll" role="region" tabIndex={0} aria-label={t('search.results')}>
      <table>
        <caption className="skip">{t('search.results')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.order')}</th>
            <th scope="col">{t('columns.created')}</th>
            <th scope="col">{t('columns.email')}</th>
            <th scope="col">{t('columns.status')}</th>
            <th scope="col">{t('columns.plan')}</th>
            <th scope="col">{t('columns.amount')}</th>
            <th scope="col">{t('columns.licence')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <a href={`${basePath}/order?id=${encodeURIComponent(order.id)}`}>{order.id}</a>
              </th>
              <td>
                <When at={order.createdAt} />
              </td>
              <td>{order.email}</td>
              <td>{statusLabel(t, order.status)}</td>
              <td>{planLabel(t, order)}</td>
              <td>{formatCents(order.amountCents, locale)}</td>
              <td>
                {order.licenceKey ? (
                  <>
                    <code>{order.licenceKey}</code> ({t(`licence.${order.licenceStatus}`)})
                  </>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderPage({ context, detail, done }: { context: ConsoleSectionContext; detail: OrderDetail; done?: string }) {
  const { t, locale, basePath, can } = context;
  const { order, licence, devices, timeline } = detail;
  const confirm = (action: OrderAction) => `${basePath}/${action}?id=${encodeURIComponent(order.id)}`;
  const offered = ORDER_ACTIONS.filter((action) => {
    if (!can(ACTION_PERMISSIONS[action])) return false;
    if (action === 'refund' || action === 'resend') return order.status === 'paid';
    if (action === 'revoke-key') return licence?.status === 'active';
    return licence !== null && devices.some((device) => device.deactivatedAt === null);
  });
  const mayAct = ORDER_ACTIONS.some((action) => can(ACTION_PERMISSIONS[action]));
  return (
    <>
      {done ? (
        <p className="notice" role="status">
          {t(`done.${done}`)}
        </p>
      ) : null}
      <p>
        <a href={`${basePath}?q=${encodeURIComponent(order.email)}`}>{t('order.otherOrders')}</a>
      </p>
      <section aria-labelledby="order-summary">
        <h2 id="order-summary">{t('order.summary')}</h2>
        <dl>
          <dt>{t('columns.status')}</dt>
          <dd>{statusLabel(t, order.status)}</dd>
          <dt>{t('columns.email')}</dt>
          <dd>
            {order.email} ({order.userId ? t('order.hasAccount') : t('order.guest')}, {order.locale})
          </dd>
          <dt>{t('columns.plan')}</dt>
          <dd>
            {planLabel(t, order)} · {order.productKey}
          </dd>
          <dt>{t('columns.amount')}</dt>
          <dd>
            {formatCents(order.amountCents, locale)}
            {order.couponCode ? ` (${t('order.coupon', { code: order.couponCode, discount: formatCents(order.discountCents, locale) })})` : ''} ·{' '}
            {order.provider}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="order-licence">
        <h2 id="order-licence">{t('order.licence')}</h2>
        {licence ? (
          <dl>
            <dt>{t('columns.licence')}</dt>
            <dd>
              <code>{licence.key}</code>
            </dd>
            <dt>{t('columns.status')}</dt>
            <dd>{t(`licence.${licence.status}`)}</dd>
            <dt>{t('order.expires')}</dt>
            <dd>{licence.expiresAt ? <When at={licence.expiresAt} /> : t('order.never')}</dd>
            <dt>{t('order.devicesUsed')}</dt>
            <dd>
              {t('order.seats', {
                used: devices.filter((device) => device.deactivatedAt === null).length,
                allowed: licence.allowNum,
              })}
            </dd>
          </dl>
        ) : (
          <p>{t('order.noLicence')}</p>
        )}
        {devices.length > 0 ? (
          <div className="scroll" role="region" tabIndex={0} aria-label={t('order.devices')}>
            <table>
              <caption>{t('order.devices')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('devices.name')}</th>
                  <th scope="col">{t('devices.id')}</th>
                  <th scope="col">{t('devices.activated')}</th>
                  <th scope="col">{t('devices.state')}</th>
                </tr>
              </thead>
              <tbody>
                {devices.map((device) => (
                  <tr key={`${device.deviceId}-${device.activatedAt}`}>
                    <td>{device.name || '—'}</td>
                    <td>
                      <code>{device.deviceId}</code>
                    </td>
                    <td>
                      <When at={device.activatedAt} />
                    </td>
                    <td>
                      {device.deactivatedAt === null ? (
                        t('devices.active')
                      ) : (
                        <>
                          {t(device.reset ? 'devices.reset' : 'devices.deactivated')} <When at={device.deactivatedAt} />
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="order-timeline">
        <h2 id="order-timeline">{t('order.timeline')}</h2>
        <ol>
          {timeline.map((entry, index) => (
            <li key={index}>
              <When at={entry.at} /> — {t(`timeline.${entry.type}`, { detail: entry.detail ?? '' })}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="order-actions">
        <h2 id="order-actions">{t('order.actions')}</h2>
        {offered.length > 0 ? (
          <p className="row">
            {offered.map((action) => (
              <a key={action} href={confirm(action)}>
                {t(`actions.${action}`)}
              </a>
            ))}
          </p>
        ) : (
          <p>{mayAct ? t('order.nothingToDo') : t('order.readOnly')}</p>
        )}
      </section>
    </>
  );
}

function confirmationPage(action: OrderAction) {
  return defineConsolePage({
    path: action,
    permission: ACTION_PERMISSIONS[action],
    query: confirmQuery,
    async render(context, query) {
      const { t, basePath } = context;
      const detail = await loadOrder(context, query.id);
      if (!detail) return notFound(context);
      const { order, licence } = detail;
      return {
        kind: 'page',
        title: t(`confirm.${action}.title`),
        body: (
          <section>
            <p>
              {t(`confirm.${action}.question`, {
                order: order.id,
                email: order.email,
                amount: formatCents(order.amountCents, context.locale),
                key: licence?.key ?? '—',
              })}
            </p>
            <form method="post" action={`${basePath}/${action}`}>
              <input type="hidden" name="order" value={order.id} />
              <input type="hidden" name="confirm" value="yes" />
              <div className="row">
                <button type="submit">{t(`actions.${action}`)}</button>{' '}
                <a href={`${basePath}/order?id=${encodeURIComponent(order.id)}`}>{t('confirm.cancel')}</a>
              </div>
            </form>
          </section>
        ),
      };
    },
  });
}

function orderAction(action: OrderAction) {
  return defineConsoleAction({
    path: action,
    permission: ACTION_PERMISSIONS[action],
    input: actionInput,
    async handle(context, input) {
      const { t } = context;
      const response = await context.fetchApi(`${API}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order: input.order }),
      });
      const outcome = await readJson(response, orderActionSchema);
      if (!outcome) throw new CheckoutUnavailableError(`${action} answered ${response.status}`);
      if (!outcome.ok) {
        return {
          kind: 'page',
          status: outcome.problem === 'not_found' ? 404 : 409,
          title: t(`problems.${outcome.problem}`),
          body: (
            <section>
              <p className="notice problem" role="alert">
                {t(`problems.${outcome.problem}Detail`)}
              </p>
              <p>
                <a href={`${context.basePath}/order?id=${encodeURIComponent(input.order)}`}>{t('confirm.back')}</a>
              </p>
            </section>
          ),
        };
      }
      await context.audit({ action: `order.${action}`, target: `order:${input.order}`, before: outcome.before, after: outcome.after });
      return { kind: 'redirect', to: `order?id=${encodeURIComponent(input.order)}&done=${DONE[action]}` };
    },
  });
}

/** The section. */
export const ordersSection: ConsoleSection = {
  id: 'orders',
  labelKey: 'nav',
  namespaces: ['checkout_console', 'checkout'],
  pages: [
    defineConsolePage({
      path: '',
      permission: { resource: 'order', action: 'read' },
      query: searchQuery,
      async render(context, query) {
        const { t, locale, basePath } = context;
        const q = query.q ?? '';
        let results: z.output<typeof orderSearchSchema> | null = null;
        if (q.length >= 3) {
          const response = await context.fetchApi(`${API}/orders?${new URLSearchParams({ q }).toString()}`);
          results = response.ok ? await readJson(response, orderSearchSchema) : null;
          if (!results) throw new CheckoutUnavailableError(`search answered ${response.status}`);
        }
        return {
          kind: 'page',
          title: t('nav'),
          body: (
            <>
              <section>
                <p>{t('search.intro')}</p>
                <SearchForm t={t} q={q} />
                {q !== '' && q.length < 3 ? (
                  <p className="notice problem" role="alert">
                    {t('search.tooShort')}
                  </p>
                ) : null}
              </section>
              {results ? (
                <section aria-live="polite">
                  <h2>{t('search.found', { count: results.orders.length, q })}</h2>
                  {results.orders.length > 0 ? <ResultsTable t={t} locale={locale} basePath={basePath} orders={results.orders} /> : null}
                  {results.more ? <p>{t('search.more')}</p> : null}
                </section>
              ) : null}
            </>
          ),
        };
      },
    }),
    defineConsolePage({
      path: 'order',
      permission: { resource: 'order', action: 'read' },
      query: orderQuery,
      async render(context, query) {
        const detail = await loadOrder(context, query.id);
        if (!detail) return notFound(context);
        return {
          kind: 'page',
          title: context.t('order.title', { id: detail.order.id }),
          body: <OrderPage context={context} detail={detail} done={query.done} />,
        };
      },
    }),
    ...ORDER_ACTIONS.map(confirmationPage),
  ],
  actions: ORDER_ACTIONS.map(orderAction),
};
